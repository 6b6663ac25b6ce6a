/** The 11 countries of the spec, which have guides: the list alone, for the browser's forms (countries.ts carries every country's names). */
export const guideCountries = ['AL', 'BG', 'HR', 'CY', 'IT', 'PL', 'PT', 'ES', 'GR', 'SE', 'US'] as const
export type GuideCountry = (typeof guideCountries)[number]
