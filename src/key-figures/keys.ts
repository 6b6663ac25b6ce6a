/** The dataset's figures by name, in one place: the schema, the pages, sorting and the map read these. Pure, no dependencies. */

/** The figures a country file holds as values (`figures:` in content/key-figures/<cc>.yaml). */
export const valueKeys = [
  'transferTax',
  'vatNewBuild',
  'notary',
  'registry',
  'legal',
  'agent',
  'propertyTax',
  'rentalTax',
  'capitalGainsTax',
  'yieldCapital',
  'yieldCity',
  'pricePerM2',
  'ltv',
] as const
export type ValueKey = (typeof valueKeys)[number]

/** Every figure a page prints: the values, who may buy, residence by investment and the one-off costs worked out from them. */
export const printedKeys = [...valueKeys, 'buyers', 'residence', 'oneOff'] as const

/** The figures the map can be shaded by. */
export const mapKeys = ['oneOff', 'transferTax', 'yieldCapital', 'pricePerM2', 'rentalTax'] as const
