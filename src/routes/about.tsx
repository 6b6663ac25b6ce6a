import { createFileRoute } from '@tanstack/react-router'
import { staticPageRoute } from './-static-page'
import { StaticPageView } from '../components/StaticPageView'

export const Route = createFileRoute('/about')({
  ...staticPageRoute('about'),
  component: () => <StaticPageView page="about" />,
})
