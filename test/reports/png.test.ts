// The pictures' palette PNG: read back byte for byte (chunks, palette, indices), and a picture of
// more than 256 colours drawn in its most frequent ones; a picture's lettering drawn in the project's
// own font (templates/fonts), whatever fonts the machine has.
import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { rasterise } from '../../src/reports/pictures.ts'
import { palettePng } from '../../src/reports/png.ts'

function chunks(png: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>()
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at)
    const type = png.subarray(at + 4, at + 8).toString('latin1')
    out.set(type, Buffer.concat([out.get(type) ?? Buffer.alloc(0), png.subarray(at + 8, at + 8 + length)]))
    at += 12 + length
  }
  return out
}

/** Pixels as [r, g, b, a] back from an indexed PNG of filter-0 rows. */
function decode(png: Buffer): number[][] {
  const c = chunks(png)
  const width = c.get('IHDR')!.readUInt32BE(0)
  const plte = c.get('PLTE')!
  const trns = c.get('tRNS')
  const raw = inflateSync(c.get('IDAT')!)
  const out: number[][] = []
  for (let row = 0; row * (width + 1) < raw.length; row++) {
    expect(raw[row * (width + 1)]).toBe(0)
    for (let x = 0; x < width; x++) {
      const i = raw[row * (width + 1) + 1 + x]!
      out.push([plte[i * 3]!, plte[i * 3 + 1]!, plte[i * 3 + 2]!, trns ? trns[i]! : 255])
    }
  }
  return out
}

describe('palettePng', () => {
  it('keeps a picture of few colours exactly, transparency included', () => {
    const pixels = [
      [255, 0, 0, 255],
      [0, 0, 255, 255],
      [0, 0, 0, 0],
      [255, 0, 0, 255],
      [250, 250, 250, 255],
      [0, 0, 255, 255],
    ]
    const png = palettePng(Uint8Array.from(pixels.flat()), 3, 2)
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
    const c = chunks(png)
    expect([...c.keys()]).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND'])
    expect([
      c.get('IHDR')!.readUInt32BE(0),
      c.get('IHDR')!.readUInt32BE(4),
      c.get('IHDR')![8],
      c.get('IHDR')![9],
    ]).toEqual([3, 2, 8, 3])
    expect(c.get('PLTE')!.length).toBe(4 * 3)
    expect(decode(png)).toEqual(pixels)
  })

  it('draws a colour beyond the 256 most frequent in the nearest of them', () => {
    // 256 greys four pixels each, then one pixel of a near-red and one of a near-grey.
    const greys = Array.from({ length: 256 }, (_, i) => [i, i, i, 255])
    const pixels = [...greys, ...greys, ...greys, ...greys, [250, 2, 3, 255], [101, 99, 100, 255]]
    const png = palettePng(Uint8Array.from(pixels.flat()), pixels.length, 1)
    const back = decode(png)
    expect(back.slice(0, 1024)).toEqual(pixels.slice(0, 1024))
    expect(back[1025]).toEqual([100, 100, 100, 255])
    expect(back[1024]![3]).toBe(255)
    expect(chunks(png).has('tRNS')).toBe(false)
  })
})

describe('rasterise', () => {
  /** A label alone on white, in the figure font, regular or bold. */
  const label = (weight: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="#fff"/><text x="4" y="28" font-family="DejaVu Sans" font-size="24" font-weight="${weight}">Ironclad § →</text></svg>`
  const inked = (png: Buffer) => decode(png).filter(([r, g, b]) => r! + g! + b! < 200).length

  it('draws the lettering from the fonts kept in the project, in both weights', () => {
    const regular = inked(rasterise(label('normal')))
    const bold = inked(rasterise(label('bold')))
    // Without a font resvg draws no text at all: no dark pixel on the white ground.
    expect(regular).toBeGreaterThan(300)
    expect(bold).toBeGreaterThan(regular)
  })
})
