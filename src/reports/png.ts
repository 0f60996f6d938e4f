// A picture's PNG in a palette of at most 256 colours. The maps are flat fills, lines and text: a
// palette of their most frequent colours keeps them sharp at a third of the size of resvg's
// full-colour PNG or less, which matters because every report carries them and a mail must stay
// small (MAIL_MAX_BYTES in outbound.ts). Drawn in one go, or (palettePngAsync) a slice of pixels at a
// time with the event loop handed back between slices and the compression in libuv's thread pool, so
// that a judge sending a report with a map goes on reading mail meanwhile: the same bytes either way.
import { promisify } from 'node:util'
import { deflate, deflateSync, type ZlibOptions } from 'node:zlib'

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

/** Pixels counted or indexed, and colours matched to the palette, before the async drawing hands the loop back: a few ms each. */
const SLICE = 1 << 16
const NEAREST_SLICE = 1 << 9

/**
 * The palette: the `size` most frequent colours (RGBA as one number); every other colour is drawn
 * in the nearest of them. Most of a map's colours are anti-aliasing between a few fills, so the
 * nearest frequent colour is one of the two it blends. Yields after each slice.
 */
function* paletteOf(
  pixels: Uint32Array,
  size: number,
): Generator<void, { colours: number[]; index: Map<number, number> }> {
  // Counted a run of equal pixels at a time: a map's flat fills make long runs, and a map lookup per
  // pixel (RGBA above 2^31 is no small integer to V8) was most of the time a palette took.
  const counts = new Map<number, number>()
  let run = 0
  for (let from = 0; from < pixels.length; from += SLICE) {
    const to = Math.min(pixels.length, from + SLICE)
    for (let i = from; i < to; i++) {
      run++
      if (pixels[i + 1] !== pixels[i]) {
        counts.set(pixels[i]!, (counts.get(pixels[i]!) ?? 0) + run)
        run = 0
      }
    }
    yield
  }
  const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([c]) => c)
  const colours = byCount.slice(0, size)
  const index = new Map(colours.map((c, i) => [c, i]))
  const palette = colours.map(channels)
  for (let from = size; from < byCount.length; from += NEAREST_SLICE) {
    for (const c of byCount.slice(from, from + NEAREST_SLICE)) index.set(c, nearest(palette, c))
    yield
  }
  return { colours, index }
}

const channels = (c: number): [number, number, number, number] => [c & 255, (c >>> 8) & 255, (c >>> 16) & 255, c >>> 24]

/** The index of the palette colour (its channels) nearest `c`. */
function nearest(palette: [number, number, number, number][], c: number): number {
  const [r, g, b, a] = channels(c)
  let best = 0
  let bestDistance = Infinity
  for (let i = 0; i < palette.length; i++) {
    const [r2, g2, b2, a2] = palette[i]!
    const d = 2 * (r - r2) ** 2 + 4 * (g - g2) ** 2 + (b - b2) ** 2 + 3 * (a - a2) ** 2
    if (d < bestDistance) [best, bestDistance] = [i, d]
  }
  return best
}

/** The palette and the image's rows of indices (each with its filter byte), a slice of rows at a time. */
function* indexed(
  rgba: Uint8Array,
  width: number,
  height: number,
  size: number,
): Generator<void, { colours: number[]; raw: Buffer }> {
  const pixels = new Uint32Array(rgba.buffer.slice(rgba.byteOffset, rgba.byteOffset + width * height * 4))
  const { colours, index } = yield* paletteOf(pixels, size)
  // Each row starts with filter type 0: a palette image's indices compress best unfiltered.
  const raw = Buffer.alloc((width + 1) * height)
  // A pixel like the one before it takes its index without looking it up again (see paletteOf).
  let last = -1
  let lastIndex = 0
  const rows = Math.max(1, Math.floor(SLICE / Math.max(width, 1)))
  for (let top = 0; top < height; top += rows) {
    for (let y = top; y < Math.min(height, top + rows); y++)
      for (let x = 0; x < width; x++) {
        const p = pixels[y * width + x]!
        if (p !== last) [last, lastIndex] = [p, index.get(p)!]
        raw[y * (width + 1) + 1 + x] = lastIndex
      }
    yield
  }
  return { colours, raw }
}

// zlib's default level: the highest took two to ten times as long on a map for about 5% fewer bytes.
const DEFLATE: ZlibOptions = { level: 6, memLevel: 9 }
const deflateAsync = promisify(deflate) as (data: Buffer, options: ZlibOptions) => Promise<Buffer>

/** The PNG file: its header, palette, transparency where any colour has some, and the compressed indices. */
function pngFile(width: number, height: number, colours: number[], idat: Buffer): Buffer {
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
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** An indexed-colour PNG of `rgba` (width x height, 4 bytes a pixel, straight alpha) in at most `size` (<= 256) colours. */
export function palettePng(rgba: Uint8Array, width: number, height: number, size = 256): Buffer {
  const steps = indexed(rgba, width, height, size)
  let step = steps.next()
  while (!step.done) step = steps.next()
  const { colours, raw } = step.value
  return pngFile(width, height, colours, deflateSync(raw, DEFLATE))
}

/** The rest of this turn of the event loop given to whatever else waits (a macrotask). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * palettePng's bytes, drawn with the event loop handed back (`handBack`, a macrotask) after each
 * slice of pixels and compressed in libuv's thread pool.
 */
export async function palettePngAsync(
  rgba: Uint8Array,
  width: number,
  height: number,
  size = 256,
  handBack: () => Promise<void> = nextTurn,
): Promise<Buffer> {
  const steps = indexed(rgba, width, height, size)
  let step = steps.next()
  while (!step.done) {
    await handBack()
    step = steps.next()
  }
  const { colours, raw } = step.value
  return pngFile(width, height, colours, await deflateAsync(raw, DEFLATE))
}
