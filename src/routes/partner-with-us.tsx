import { createFileRoute } from '@tanstack/react-router'
import { staticPageRoute } from './-static-page'
import { StaticPageView } from '../components/StaticPageView'
import { ContactForm, ContactNotice } from '../components/readers/ContactForm'
import { validateContactSearch } from '../components/readers/contact-search'

export const Route = createFileRoute('/partner-with-us')({
  ...staticPageRoute('partner-with-us'),
  validateSearch: validateContactSearch,
  component: function PartnerWithUs() {
    const search = Route.useSearch()
    return (
      <StaticPageView page="partner-with-us" notice={<ContactNotice kind="partner" state={search.state} />}>
        <ContactForm kind="partner" search={search} />
      </StaticPageView>
    )
  },
})
