import { createFileRoute } from '@tanstack/react-router'
import { staticPage } from '../pages/static-page'
import { StaticPageView } from '../pages/StaticPageView'

export const Route = createFileRoute('/privacy')({
  ...staticPage('privacy', '/privacy'),
  component: () => <StaticPageView page="privacy" />,
})
