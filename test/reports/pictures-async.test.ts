// A picture drawn off the event loop (what a judge sending a report with a map does): the same PNG,
// byte for byte, as drawn in one go, with resvg drawing in libuv's thread pool and the palette a
// slice of pixels at a time, the loop handed back between slices.
import { describe, expect, it, vi } from 'vitest'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { DRAWINGS, rasterise, rasteriseAsync } from '../../src/reports/pictures.ts'
import { palettePng, palettePngAsync } from '../../src/reports/png.ts'
import { LabelledDice } from '../helpers/spec.ts'

/** Every synchronous resvg drawing made, counted; the drawing itself the real one. */
const drawnInOneGo = vi.hoisted(() => ({ count: 0 }))
vi.mock('@resvg/resvg-js', async (actual) => {
  const real = await actual<typeof import('@resvg/resvg-js')>()
  class Resvg extends real.Resvg {
    override render() {
      drawnInOneGo.count++
      return super.render()
    }
  }
  return { ...real, Resvg }
})

/** The loop's turns counted so far when the palette's indices went to be compressed. */
const compressedAt = vi.hoisted(() => ({ turns: [] as number[], now: (): number => 0 }))
vi.mock('node:zlib', async (actual) => {
  const real = await actual<typeof import('node:zlib')>()
  const deflate = ((...args: Parameters<typeof real.deflate>) => {
    compressedAt.turns.push(compressedAt.now())
    return (real.deflate as (...a: unknown[]) => void)(...args)
  }) as typeof real.deflate
  return { ...real, default: { ...real, deflate }, deflate }
})

/** The Rebel Raiders theatre at set-up: a map of coasts, fills and lettering, 1100 px wide. */
function theatre(): string {
  const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
  const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
  return rs.figures!(s, { kind: 'observer' }, [])[0]!.svg
}

/** Runs `work` with the turns of the event loop (a chain of macrotasks) counted in `compressedAt.now`. */
async function counting<T>(work: () => Promise<T>): Promise<T> {
  let turns = 0
  let running = true
  const turn = () => {
    turns++
    if (running) setImmediate(turn)
  }
  compressedAt.now = () => turns
  setImmediate(turn)
  try {
    return await work()
  } finally {
    running = false
  }
}

describe('pictures drawn off the event loop', () => {
  it('give the same PNG byte for byte as drawn in one go, each way of drawing', async () => {
    const svg = theatre()
    for (const how of DRAWINGS) {
      const once = rasterise(svg, how)
      const before = drawnInOneGo.count
      expect((await rasteriseAsync(svg, how)).equals(once)).toBe(true)
      // resvg drew in the thread pool, not on this thread.
      expect(drawnInOneGo.count).toBe(before)
    }
    expect(drawnInOneGo.count).toBe(DRAWINGS.length)
  })

  it('hand the loop back after each slice of pixels, before the indices are compressed in the thread pool', async () => {
    // 640 x 512 pixels: five slices of 65,536 pixels counted, five indexed.
    const rgba = new Uint8Array(640 * 512 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256))
    compressedAt.turns.length = 0
    const png = await counting(() => palettePngAsync(rgba, 640, 512, 64))
    expect(png.equals(palettePng(rgba, 640, 512, 64))).toBe(true)
    expect(compressedAt.turns).toHaveLength(1)
    expect(compressedAt.turns[0]).toBeGreaterThanOrEqual(10)
  })

  it('keep a palette picture exactly, transparency and colours beyond the palette included', async () => {
    const greys = Array.from({ length: 256 }, (_, i) => [i, i, i, 255])
    const many = [...greys, ...greys, [250, 2, 3, 255], [101, 99, 100, 255], [0, 0, 0, 0]]
    for (const pixels of [
      [
        [255, 0, 0, 255],
        [0, 0, 0, 0],
        [0, 0, 255, 128],
      ],
      many,
    ]) {
      const rgba = Uint8Array.from(pixels.flat())
      for (const size of [256, 64, 2]) {
        const once = palettePng(rgba, pixels.length, 1, size)
        expect((await palettePngAsync(rgba, pixels.length, 1, size)).equals(once)).toBe(true)
      }
    }
  })
})
