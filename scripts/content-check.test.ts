import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { contentFixture, post } from '../src/content/test-fixtures'

const check = (contentDir: string) =>
  spawnSync('node_modules/.bin/tsx', ['scripts/content-check.ts'], {
    encoding: 'utf8',
    env: { ...process.env, CONTENT_DIR: contentDir },
  })

describe('npm run content:check', () => {
  it('fails on a broken content directory and says exactly what is wrong', () => {
    const result = check('tests/fixtures/broken-content')
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/posts\/bad-post\/en\.md \[slug\]: a slug may only contain/)
    expect(result.stderr).toMatch(/"xx" is not one of the 18 languages/)
    expect(result.stderr).toMatch(/countries\/es: a guide needs an English version with a body/)
  })

  it("fails on each language's typography: a straight apostrophe in French, amounts written two ways in German", () => {
    const dir = contentFixture({
      'posts/spain/en.md': post(),
      'posts/spain/fr.md': post(
        { slug: 'acheter-en-espagne' },
        "L'achat d'un logement en Espagne coûte des frais.\n\n## Coûts\n\nDes taxes s’appliquent.",
      ),
      'posts/spain/de.md': post({ slug: 'kaufen-in-spanien' }, 'Eine Wohnung kostet 300.000 €.\n\n## Kosten\n\nDie Steuer auf €250.000 ist höher.'),
    })
    const result = check(dir)
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/posts\/spain\/fr\.md:\d+ \[apostrophe\]/)
    expect(result.stderr).toMatch(/posts\/spain\/de\.md:\d+ \[money-sign\]/)
    expect(result.stderr).not.toMatch(/300\.000 €/)
  })

  it('fails on what the editorial interface cannot open: an autolink, naming file and line', () => {
    const dir = contentFixture({
      'posts/spain/en.md': post({}, 'Buying a flat in Spain costs fees.\n\n## Costs\n\nSee <https://example.com/fees> for them.'),
    })
    const result = check(dir)
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/posts\/spain\/en\.md:\d+ \[body\]: the editor cannot open this body/)
  })

  it("fails on a tax's refused name in the language's term list, naming file and line", () => {
    const families = ['transferTax', 'vat', 'propertyTax', 'capitalGainsTax', 'rentalTax', 'notary', 'registry']
    const dir = contentFixture({
      'terms/nl.yaml': `${families.map((f) => `${f}: { use: "${f}" }`).join('\n')}\nstampDuty: { use: zegelrecht, refuse: ["zegelbelasting*"] }\n`,
      'posts/spain/en.md': post(),
      'posts/spain/nl.md': post({ slug: 'kopen-in-spanje' }, 'Een woning kopen kost geld.\n\n## Kosten\n\nDaarbij komt de zegelbelasting (AJD).'),
    })
    const result = check(dir)
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(
      /posts\/spain\/nl\.md:15 \[term\]: "zegelbelasting" is not the Dutch name for stamp duty on this site: write "zegelrecht"/,
    )
  })

  it('passes on the bundled content and prints the coverage per locale', () => {
    const result = check('content')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^locale\s+posts\s+words/m)
    expect(result.stdout).toMatch(/^el\s+\d+/m)
    expect(result.stdout).toMatch(/No problems found\./)
  })
})
