import { createFileRoute } from '@tanstack/react-router'
import { staticPage } from '../pages/static-page'
import { StaticPageView } from '../pages/StaticPageView'

export const Route = createFileRoute('/partner-with-us')({
  ...staticPage('partner-with-us', '/partner-with-us'),
  component: () => <StaticPageView page="partner-with-us" />,
})
