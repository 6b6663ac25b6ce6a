// `react-dom/client` in the browser build (vite.config.ts aliases React to preact/compat there).
// TanStack Start renders the whole document, <html> included, and hydrates `document`. Preact
// hydrates a document into its <html> element, whose children are <head> and <body>, so the
// <html> of the tree is rendered here as a component that keeps <html>'s attributes (lang, dir) in
// step with the page and renders its children in place: the server's DOM is reused, nothing is
// inserted twice. Decision 006.
import { options, type ComponentChildren, type VNode } from 'preact'
import { hydrate, render, unmountComponentAtNode, useLayoutEffect } from 'preact/compat'

type DocumentProps = { children?: ComponentChildren } & Record<string, unknown>

function DocumentElement({ children, ...attributes }: DocumentProps) {
  const html = document.documentElement
  const entries = Object.entries(attributes).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'suppressHydrationWarning',
  )
  const key = JSON.stringify(entries)
  useLayoutEffect(() => {
    for (const [name, value] of entries) if (html.getAttribute(name) !== value) html.setAttribute(name, value)
    // `key` is the serialized attribute list; the entries array is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return children as VNode
}

const previousVNodeHook = options.vnode
options.vnode = (vnode) => {
  if (vnode.type === 'html') vnode.type = DocumentElement as never
  previousVNodeHook?.(vnode)
}

export function createRoot(container: Element | Document) {
  return {
    render: (children: ComponentChildren) => render(children as VNode, container as Element),
    unmount: () => unmountComponentAtNode(container as Element),
  }
}

export function hydrateRoot(container: Element | Document, children: ComponentChildren) {
  hydrate(children as VNode, container as Element)
  return createRoot(container)
}
