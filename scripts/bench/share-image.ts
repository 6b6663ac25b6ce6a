// Share image render time over HTTP on loopback: cold (a title never rendered) and warm (served
// from the in-process image cache).
import { round, startSite, table } from './lib'

export async function shareImage(): Promise<string> {
  const site = await startSite(4411)
  const time = async (url: string) => {
    const started = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`share image answered ${response.status}`)
    return performance.now() - started
  }
  const image = (title: string, locale: string) =>
    `${site.url}/api/og?${new URLSearchParams({ title, type: 'BlogPost', locale, country: 'Ελλάδα', v: '1' })}`
  await time(image('Warm-up of fonts and renderer', 'en'))
  const cold: number[] = []
  for (let i = 0; i < 12; i++) cold.push(await time(image(`Αγορά ακινήτου στην Ελλάδα: οδηγός ${i}`, 'el')))
  const warm: number[] = []
  for (let i = 0; i < 60; i++) warm.push(await time(image('Αγορά ακινήτου στην Ελλάδα: οδηγός 0', 'el')))
  await site.stop()
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  return table(
    [
      { render: 'cold (new title, Greek)', 'median ms': round(median(cold)), 'max ms': round(Math.max(...cold)), samples: cold.length },
      { render: 'warm (cached)', 'median ms': round(median(warm)), 'max ms': round(Math.max(...warm)), samples: warm.length },
    ],
    ['render', 'median ms', 'max ms', 'samples'],
  )
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await shareImage())
