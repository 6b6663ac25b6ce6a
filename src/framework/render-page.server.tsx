/**
 * Start's render-to-string handler with the page finished on the string (decision 023): Start's own
 * `defaultRenderHandler` answers a `Response` made from the HTML string, which the server entry then
 * read back, decoded, rewrote (messages, deferred scripts) and encoded again for a second `Response`.
 * Here the document is finished once and sent as bytes: one encoding, no WebIDL string check of
 * 30 KB per render. Everything else is Start's: the same `StartServer` tree, the same string
 * transform (the doctype, or the router's scripts when a render left work pending), status and cleanup.
 */
import { StartServer } from '@tanstack/react-start/server'
import { defineHandlerCallback, getSsrStatus, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server'
import { renderToString } from 'react-dom/server'
import { finishPage } from './locale-request.server'

export const renderPage = defineHandlerCallback(async ({ router, responseHeaders }) => {
  try {
    const html = await transformHtmlStringWithRouter(router, renderToString(<StartServer router={router} />))
    return new Response(Buffer.from(finishPage(html)), { status: getSsrStatus(router), headers: responseHeaders })
  } catch (error) {
    console.error('Render to string error:', error)
    return new Response('Internal Server Error', { status: 500, headers: responseHeaders })
  } finally {
    router.serverSsr?.cleanup()
  }
})
