// A picture drawn off the event loop (what a judge sending a report with a map does): the same PNG,
// byte for byte, as drawn in one go, with resvg drawing in libuv's thread pool and the palette a
// slice of pixels at a time, the loop handed back between slices.
import { Resvg } from '@resvg/resvg-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { DRAWINGS, rasterise, rasteriseAsync } from '../../src/reports/pictures.ts'
import { nextTurn, palettePng, palettePngAsync } from '../../src/reports/png.ts'
import { LabelledDice } from '../helpers/spec.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The Rebel Raiders theatre at set-up: a map of coasts, fills and lettering, 1100 px wide. */
function theatre(): string {
  const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
  const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
  return rs.figures!(s, { kind: 'observer' }, [])[0]!.svg
}

describe('pictures drawn off the event loop', () => {
  it('give the same PNG byte for byte as drawn in one go, each way of drawing', async () => {
    const svg = theatre()
    // Every drawing resvg makes on this thread, counted; the drawing itself the real one.
    const inOneGo = vi.spyOn(Resvg.prototype, 'render')
    for (const how of DRAWINGS) {
      const once = rasterise(svg, how)
      const drawn = inOneGo.mock.calls.length
      expect((await rasteriseAsync(svg, how)).equals(once)).toBe(true)
      // resvg drew in the thread pool, not on this thread.
      expect(inOneGo.mock.calls.length).toBe(drawn)
    }
    expect(inOneGo).toHaveBeenCalledTimes(DRAWINGS.length)
  })

  it('hand the loop back after each slice of pixels, other work running between slices', async () => {
    // 640 x 512 pixels: five slices of 65,536 pixels counted, five indexed.
    const rgba = new Uint8Array(640 * 512 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256))
    let turns = 0
    let running = true
    const turn = () => {
      turns++
      if (running) setImmediate(turn)
    }
    setImmediate(turn)
    const seen: number[] = []
    const png = await palettePngAsync(rgba, 640, 512, 64, async () => {
      seen.push(turns)
      await nextTurn()
    })
    running = false
    expect(png.equals(palettePng(rgba, 640, 512, 64))).toBe(true)
    expect(seen.length).toBeGreaterThanOrEqual(10)
    // Between one slice and the next, the other work ran.
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!)
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
