import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

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

  it('passes on the bundled content and prints the coverage per locale', () => {
    const result = check('content')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^locale\s+posts\s+words/m)
    expect(result.stdout).toMatch(/^el\s+\d+/m)
    expect(result.stdout).toMatch(/No problems found\./)
  })
})
