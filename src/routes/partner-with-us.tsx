import { createFileRoute } from '@tanstack/react-router'
import { staticPageRoute } from './-static-page'
import { StaticPageView } from '../components/StaticPageView'

export const Route = createFileRoute('/partner-with-us')({
  ...staticPageRoute('partner-with-us'),
  component: () => <StaticPageView page="partner-with-us" />,
})
