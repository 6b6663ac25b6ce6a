// Issue 36: every workaround of the framework is in this folder's table, with what it buys, when it
// expires and the command that measures it again.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const readme = readFileSync('src/framework/README.md', 'utf8')
const rows = readme
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |\s\|$/g, '').trim()))

describe("the framework workarounds' table", () => {
  it('has a row for every file of src/framework', () => {
    const files = readdirSync('src/framework').filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
    for (const file of files)
      expect(
        rows.some((row) => row[0].includes(`\`${file}\``)),
        file,
      ).toBe(true)
  })

  it('says for every row what it buys, when it expires and how to measure it again', () => {
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row, row[0]).toHaveLength(7)
      const [name, , buys, , expires, measure] = row
      expect(buys, name).toMatch(/\d/)
      expect(expires.length, name).toBeGreaterThan(10)
      expect(measure, name).toMatch(/`npm run [\w:-]+`/)
    }
  })
})
