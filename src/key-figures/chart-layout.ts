/** The charts' grid in SVG viewBox units, shared by the layout (charts.ts) and the drawing (BarChartView). */
export const CHART_WIDTH = 320
/** A row: the country's name, its value on the next line, then its bar(s). */
export const CHART_ROW = { LABEL: 30, BAR: 12, GAP: 14, AXIS: 22 } as const
