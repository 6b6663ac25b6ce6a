import { createFileRoute } from '@tanstack/react-router'
import { staticPageRoute } from './-static-page'
import { StaticPageView } from '../components/StaticPageView'

export const Route = createFileRoute('/contact-us')({
  ...staticPageRoute('contact-us'),
  component: () => <StaticPageView page="contact-us" />,
})
