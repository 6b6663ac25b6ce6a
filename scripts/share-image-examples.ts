// Writes docs/images/og-*.png: one share image per type in en, el and uk, from a running server.
import { writeFileSync } from 'node:fs'

const base = process.argv[2] ?? 'http://127.0.0.1:3000'
const examples = {
  en: {
    BlogPost: ['Buying Property in Spain as a Foreigner: The 2026 Step-by-Step Guide', 'Spain'],
    About: ['About us', 'Who we are and how we work'],
    Contact: ['Contact us', 'Corrections, questions and story tips'],
    Generic: ['Real Estate Insights & Property Market News', 'Analysis and guides for international investors'],
  },
  el: {
    BlogPost: ['Golden Visa στην Ελλάδα το 2026: όρια, κόστος και κανόνες', 'Ελλάδα'],
    About: ['Σχετικά με εμάς', 'Ποιοι είμαστε και πώς δουλεύουμε'],
    Contact: ['Επικοινωνία', 'Διορθώσεις, ερωτήσεις και ιδέες για θέματα'],
    Generic: ['Αναλύσεις και ειδήσεις για την αγορά ακινήτων', 'Οδηγοί για διεθνείς επενδυτές'],
  },
  uk: {
    BlogPost: ['Купівля нерухомості в Іспанії: покроковий посібник 2026', 'Іспанія'],
    About: ['Про нас', 'Хто ми і як працюємо'],
    Contact: ['Контакти', 'Виправлення, запитання та ідеї'],
    Generic: ['Аналітика та новини ринку нерухомості', 'Посібники для міжнародних інвесторів'],
  },
}
for (const [locale, types] of Object.entries(examples)) {
  for (const [type, [title, extra]] of Object.entries(types)) {
    const params = new URLSearchParams({ title, type, locale, mode: locale === 'uk' ? 'dark' : 'light', v: '1' })
    params.set(type === 'BlogPost' ? 'country' : 'description', extra)
    const response = await fetch(`${base}/api/og?${params}`)
    writeFileSync(`docs/images/og-${type.toLowerCase()}-${locale}.png`, Buffer.from(await response.arrayBuffer()))
  }
}
console.log('docs/images/og-*.png written')
