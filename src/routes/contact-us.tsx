import { createFileRoute } from '@tanstack/react-router'
import { staticPage } from '../pages/static-page'
import { StaticPageView } from '../pages/StaticPageView'

export const Route = createFileRoute('/contact-us')({
  ...staticPage('contact-us', '/contact-us'),
  component: () => <StaticPageView page="contact-us" />,
})
