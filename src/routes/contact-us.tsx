import { createFileRoute } from '@tanstack/react-router'
import { staticPageRoute } from './-static-page'
import { StaticPageView } from '../components/StaticPageView'
import { ContactForm, ContactNotice } from '../components/readers/ContactForm'
import { validateContactSearch } from '../components/readers/contact-search'

export const Route = createFileRoute('/contact-us')({
  ...staticPageRoute('contact-us'),
  validateSearch: validateContactSearch,
  component: function ContactUs() {
    const search = Route.useSearch()
    return (
      <StaticPageView page="contact-us" notice={<ContactNotice kind="contact" state={search.state} />}>
        <ContactForm kind="contact" search={search} />
      </StaticPageView>
    )
  },
})
