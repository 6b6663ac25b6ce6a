// Renders the PNG and ICO icons in public/ from public/favicon.svg. Run after changing the logo.
import { readFileSync, writeFileSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'

const svg = readFileSync('public/favicon.svg', 'utf8')
const png = (size: number, source = svg) => new Resvg(source, { fitTo: { mode: 'width', value: size } }).render().asPng()
const maskable = svg.replace('rx="14"', 'rx="0"').replace('M32 12 10 30v22h15V38h14v14h15V30L32 12Z', 'M32 20 16 33v16h11V39h10v10h11V33L32 20Z')

writeFileSync('public/icon-192.png', png(192))
writeFileSync('public/icon-512.png', png(512))
writeFileSync('public/icon-maskable-512.png', png(512, maskable))
writeFileSync('public/apple-touch-icon.png', png(180))

// An ICO holding one 32x32 PNG, which every current browser reads.
const icon = png(32)
const header = Buffer.alloc(22)
header.writeUInt16LE(0, 0)
header.writeUInt16LE(1, 2)
header.writeUInt16LE(1, 4)
header.writeUInt8(32, 6)
header.writeUInt8(32, 7)
header.writeUInt16LE(1, 10)
header.writeUInt16LE(32, 12)
header.writeUInt32LE(icon.length, 14)
header.writeUInt32LE(22, 18)
writeFileSync('public/favicon.ico', Buffer.concat([header, icon]))
