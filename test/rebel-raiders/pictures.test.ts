// DESIGN 8b: Rebel Raiders' pictures on real geography: the theatre and the oceans, every piece and
// holder shown, rasterised by the engine.
import { LabelledDice } from '../helpers/spec.ts'
import { describe, expect, it } from 'vitest'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { rasterise } from '../../src/reports/pictures.ts'

const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)

describe('Rebel Raiders pictures', () => {
  it('draw the theatre and the oceans with the land, each place, who holds it and what stands there', () => {
    const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
    s.control.SAVA = 'USA'
    const figures = rs.figures!(s, { kind: 'observer' }, [])
    expect(figures.map((f) => f.name)).toEqual(['theatre', 'oceans'])
    const theatre = figures[0]!.svg
    expect(theatre).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1100" height="760"/)
    expect(theatre).toMatch(/<path d="M[^"]{1000,}" fill="#efe8d8"/) // the coastline
    // Only the coasts on the picture: the whole world's made the SVG over a megabyte.
    expect(theatre.length).toBeLessThan(200_000)
    for (const id of ['SAVA', 'NORF', 'VICK', 'CAIR']) expect(theatre).toContain(`>${id}</text>`)
    expect(theatre).toContain('>BT-5 GB-2</text>') // Norfolk's pieces
    // Savannah, taken, is drawn in the Union's blue.
    expect(theatre).toMatch(
      /fill="#3b5ba5" stroke="#222" stroke-width="0.8"\/><text x="[\d.]+"[^>]* font-size="9"[^>]*>SAVA</,
    )
    expect(figures[1]!.svg).toContain('>SL-5</text>') // the Pacific sloop
    const png = rasterise(theatre)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
  })

  it('mark this phase’s battles and assaults the reader was told of (DESIGN 8b)', () => {
    const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
    const seen = [
      {
        audience: { kind: 'public' as const },
        rule: '10.1',
        text: 'Combat in Norfolk: SL-1 against BT-5.',
        at: 'NORF',
      },
      { audience: { kind: 'public' as const }, rule: '7.3', text: 'SL-1 moves CHES > NORF.BS.', at: 'NORF.BS' },
    ]
    const theatre = rs.figures!(s, { kind: 'observer' }, seen)[0]!.svg
    expect(theatre).toContain('>BATTLE BT-5 GB-2</text>')
    expect(theatre).not.toContain('>BATTLE</text>')
    expect(rs.figures!(s, { kind: 'observer' }, [])[0]!.svg).not.toContain('BATTLE BT-5')
  })
})
