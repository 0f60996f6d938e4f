// The kit's label placement: every label finds room clear of the others, of the dots and
// of the panel's edge, next to its dot when it can and with a leader line when it cannot.
import { describe, expect, it } from 'vitest'
import { type Box, layoutLabels, measure, overlap } from '../../src/games/kit/labelLayout.ts'

const dot = (x: number, y: number): Box => [x - 4, y - 4, x + 4, y + 4]

describe('label layout', () => {
  it('8b: a lone label stands next to its dot, with no leader', () => {
    const [placed] = layoutLabels(
      [{ id: 'A', x: 100, y: 100, lines: [{ text: 'C14', size: 12 }] }],
      [],
      [0, 0, 400, 300],
    )
    expect(placed!.leader).toBe(false)
    expect(placed!.box[0]).toBeGreaterThan(100)
    expect(placed!.box[1]).toBeLessThan(100)
    expect(placed!.box[3]).toBeGreaterThan(100)
  })

  it('8b: twenty labels crowded onto nearly one spot all find room, none over another or over a dot', () => {
    const requests = Array.from({ length: 20 }, (_, i) => ({
      id: `P${i}`,
      x: 200 + (i % 5) * 3,
      y: 150 + Math.floor(i / 5) * 3,
      lines: [{ text: `C${i + 10}`, size: 12, bold: true }, ...(i % 3 ? [] : [{ text: 'KEAR MOHIC TUSC', size: 11 }])],
    }))
    const dots = requests.map((r) => dot(r.x, r.y))
    const bounds: Box = [0, 0, 500, 400]
    const placed = layoutLabels(requests, dots, bounds)
    expect(placed.map((p) => p.id).sort()).toEqual(requests.map((r) => r.id).sort())
    for (const [i, a] of placed.entries()) {
      expect(a.box[0] >= 0 && a.box[1] >= 0 && a.box[2] <= 500 && a.box[3] <= 400).toBe(true)
      for (const b of placed.slice(i + 1)) expect(overlap(a.box, b.box), `${a.id} / ${b.id}`).toBe(false)
      const own = requests.find((r) => r.id === a.id)!
      for (const r of requests)
        if (r.id !== a.id && !overlap(dot(r.x, r.y), dot(own.x, own.y)))
          expect(overlap(a.box, dot(r.x, r.y))).toBe(false)
    }
    expect(placed.some((p) => p.leader)).toBe(true)
  })

  it('8b: a label that cannot fit anywhere is left out, never drawn over another', () => {
    const placed = layoutLabels(
      [
        { id: 'A', x: 10, y: 20, lines: [{ text: 'AAAA', size: 12 }] },
        { id: 'B', x: 12, y: 20, lines: [{ text: 'BBBB', size: 12 }] },
      ],
      [],
      [0, 0, 60, 40],
    )
    expect(placed).toHaveLength(1)
  })

  it('8b: measured boxes are never narrower than the text: wide capitals count more than digits', () => {
    expect(measure([{ text: 'WWW', size: 10 }]).w).toBeGreaterThan(measure([{ text: '111', size: 10 }]).w)
    expect(
      measure([
        { text: 'C14', size: 12 },
        { text: 'KEAR', size: 11 },
      ]).h,
    ).toBeGreaterThanOrEqual(Math.ceil(12 * 1.25 + 11 * 1.25))
  })
})
