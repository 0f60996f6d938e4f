// A picture's PNG in a palette of at most 256 colours. The maps are flat fills, lines and text: a
// palette of their most frequent colours keeps them sharp at a third of the size of resvg's
// full-colour PNG or less, which matters because every report carries them and a mail must stay
// small (MAIL_MAX_BYTES in outbound.ts).
import { deflateSync } from 'node:zlib'

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/**
 * The palette: the `size` most frequent colours (RGBA as one number); every other colour is drawn
 * in the nearest of them. Most of a map's colours are anti-aliasing between a few fills, so the
 * nearest frequent colour is one of the two it blends.
 */
function paletteOf(pixels: Uint32Array, size: number): { colours: number[]; index: Map<number, number> } {
  // Counted a run of equal pixels at a time: a map's flat fills make long runs, and a map lookup per
  // pixel (RGBA above 2^31 is no small integer to V8) was most of the time a palette took.
  const counts = new Map<number, number>()
  let run = 0
  for (let i = 0; i < pixels.length; i++) {
    run++
    if (pixels[i + 1] !== pixels[i]) {
      counts.set(pixels[i]!, (counts.get(pixels[i]!) ?? 0) + run)
      run = 0
    }
  }
  const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([c]) => c)
  const colours = byCount.slice(0, size)
  const index = new Map(colours.map((c, i) => [c, i]))
  for (const c of byCount.slice(size)) index.set(c, nearest(colours, c))
  return { colours, index }
}

const channels = (c: number): [number, number, number, number] => [c & 255, (c >>> 8) & 255, (c >>> 16) & 255, c >>> 24]

function nearest(colours: number[], c: number): number {
  const [r, g, b, a] = channels(c)
  let best = 0
  let bestDistance = Infinity
  for (let i = 0; i < colours.length; i++) {
    const [r2, g2, b2, a2] = channels(colours[i]!)
    const d = 2 * (r - r2) ** 2 + 4 * (g - g2) ** 2 + (b - b2) ** 2 + 3 * (a - a2) ** 2
    if (d < bestDistance) [best, bestDistance] = [i, d]
  }
  return best
}

/** An indexed-colour PNG of `rgba` (width x height, 4 bytes a pixel, straight alpha) in at most `size` (<= 256) colours. */
export function palettePng(rgba: Uint8Array, width: number, height: number, size = 256): Buffer {
  const pixels = new Uint32Array(rgba.buffer.slice(rgba.byteOffset, rgba.byteOffset + width * height * 4))
  const { colours, index } = paletteOf(pixels, size)
  // Each row starts with filter type 0: a palette image's indices compress best unfiltered.
  const raw = Buffer.alloc((width + 1) * height)
  // A pixel like the one before it takes its index without looking it up again (see paletteOf).
  let last = -1
  let lastIndex = 0
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = pixels[y * width + x]!
      if (p !== last) [last, lastIndex] = [p, index.get(p)!]
      raw[y * (width + 1) + 1 + x] = lastIndex
    }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 3, 0, 0, 0], 8)
  const plte = Buffer.alloc(colours.length * 3)
  const trns = Buffer.alloc(colours.length)
  colours.forEach((c, i) => {
    const [r, g, b, a] = channels(c)
    plte.set([r, g, b], i * 3)
    trns[i] = a
  })
  const opaque = colours.every((c) => c >>> 24 === 255)
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    ...(opaque ? [] : [chunk('tRNS', trns)]),
    // zlib's default level: the highest took two to ten times as long on a map for about 5% fewer bytes.
    chunk('IDAT', deflateSync(raw, { level: 6, memLevel: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
