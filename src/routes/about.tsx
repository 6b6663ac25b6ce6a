import { createFileRoute } from '@tanstack/react-router'
import { staticPage } from '../pages/static-page'
import { StaticPageView } from '../pages/StaticPageView'

export const Route = createFileRoute('/about')({
  ...staticPage('about', '/about'),
  component: () => <StaticPageView page="about" />,
})
