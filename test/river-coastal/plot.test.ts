// The plot a captain fights from (plot.ts, digest §8 reports): a grid in inches with labelled rulers,
// a scale bar, north and the current; every ship the side may see, named, with heading, speed and
// damage as far as it may know them, and her track; its own ships' gun arcs, range bands and turning
// circles; forts with name, guns and arc; a legend and a title; nothing of what the side may not see.
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { rasterise } from '../../src/reports/pictures.ts'
import { calm, csa, deployed, play, ruleset, usa } from './play.ts'

const plot = (s: RiverState, v: typeof usa) => ruleset.figures!(s, v, [])[0]!.svg
const count = (svg: string, what: RegExp) => svg.match(what)?.length ?? 0

/** Passing the Fort after one move: Galena fired, Tecumseh turned, Tennessee came on. */
const afterOne = () =>
  play(
    ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm()),
    { USA: 'GALE: SPEED 4; FIRE BP AT TENN\nTECU: SPEED 8; TURN STARBOARD 20 AT 2', CSA: 'TENN: SPEED 2' },
    { 'm1:GALE:BP:hit': 6 },
  ).state

describe('digest §8 the plot', () => {
  it('a grid in inches, rulers labelled every 6", a scale bar, north and the current; a title with game, side and move', () => {
    const svg = plot(afterOne(), usa)
    // 48" x 72": grid lines every 2" both ways
    expect(count(svg, /class="grid"/g)).toBe(25 + 37)
    for (const n of ['0', '6', '12', '42', '48', '66', '72']) expect(svg).toContain(`class="ruler">${n}</text>`)
    expect(svg).toContain('class="scale-bar"')
    expect(svg).toContain('>N, upstream</text>')
    expect(svg).toContain('>2 kn</text>') // the current's arrows, by zone
    expect(svg).toContain('>ACW River and Coastal: Passing the Fort</text>')
    expect(svg).toContain('>Union plot, move 2 of 14 (as move 1 ended); clear, 50" sight</text>')
    expect(svg).toContain('>Key (48" x 72" table)</text>')
  })

  it("the title carries the game and the report's time the engine gives it: game, side, move and time", () => {
    const svg = ruleset.figures!(afterOne(), csa, [], { game: 'ptf7', at: '2026-03-02 12:00 UTC' })[0]!.svg
    expect(svg).toContain('>ACW River and Coastal, game ptf7: Passing the Fort</text>')
    expect(svg).toContain(
      '>Confederate plot, move 2 of 14 (as move 1 ended), 2026-03-02 12:00 UTC; clear, 50" sight</text>',
    )
  })

  it('own ships: name, heading, speed and hull; the arcs and range bands of the guns that can fire, and the turning circles', () => {
    const s = afterOne()
    const svg = plot(s, usa)
    expect(svg).toContain('>GALE USS Galena</text>')
    expect(svg).toContain('>0°, 4 kn, 95/95 SPV</text>')
    // Galena's bow pivot fired on move 1 and waits out the alternate move: her arcs leave it out.
    expect(svg).toMatch(/<title>USS Galena SP: 12\/20\/28" \(close\/medium\/long\)<\/title>/)
    expect(svg).not.toMatch(/<title>USS Galena BP/)
    expect(svg).toMatch(/<title>USS Tecumseh T1a, T1b: 8\/12\/20" \(close\/medium\/long\)<\/title>/)
    expect(count(svg, /class="ring"/g)).toBeGreaterThan(0)
    // two circles for each own ship under way
    expect(count(svg, /class="turning"/g)).toBe(2 * 4)
    expect(svg).toContain('class="track"')
  })

  it('enemies in sight: name, heading and how far they moved, never their hull, speed or arcs; forts with name, guns and arc', () => {
    const svg = plot(afterOne(), usa)
    expect(svg).toContain('>TENN CSS Tennessee</text>')
    expect(svg).toMatch(/>180°, moved [\d.]+"<\/text>/)
    expect(svg).not.toMatch(/<title>CSS [A-Za-z ]+ [A-Z0-9a-z, ]+: [\d/]+" \(close/)
    expect(svg).not.toMatch(/\/127 SPV|\/148 SPV/)
    expect(svg).toContain('>Fort Morgan</text>')
    expect(svg).toContain('>6 guns (2 sb11, 2 sb8_9, 2 r32); 240 FPV</text>')
    expect(svg).toContain('class="fort-arc"')
  })

  it('§9 L837-839 an own mortar ship shows her band, 6" out to her mortars\' reach; the enemy does not see it', () => {
    const s = ruleset.setup('mortar-flotilla', {}, riverCoastalFactory.defaultPack(), calm())
    expect(plot(s, usa)).toContain('class="mortar-ring"')
    expect(plot(s, usa)).toContain('>mortar 40"</text>')
    expect(plot(s, csa)).not.toContain('class="mortar-ring"')
  })

  it('§9 L537 a ship out of sight is not drawn, nor her arcs, track or label', () => {
    const fog = { 'weather:fog': 3, 'weather:fog:1': 4, 'weather:fog:2': 4 }
    const s = deployed(ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm(fog)))
    const next = play(s, { USA: 'CARO: SPEED 4', CSA: 'ARKS: SPEED 2' }).state
    const svg = plot(next, usa)
    expect(svg).not.toMatch(/ARKS|Arkansas|MANS|Manassas|MORE|Moore/)
    expect(svg).toContain('>CARO USS Carondelet</text>')
    expect(plot(next, csa)).not.toMatch(/CARO|Carondelet/)
    expect(plot(next, csa)).toMatch(/<title>CSS Arkansas /)
  })

  it('§9 L537 an enemy that came into sight this move is drawn without the track she made unseen', () => {
    const fog = { 'weather:fog': 3, 'weather:fog:1': 4, 'weather:fog:2': 4 }
    const s = deployed(ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm(fog)))
    Object.assign(s.ships.CARO!, { anchored: true, speed: 0 })
    Object.assign(s.ships.ARKS!, { speed: 0, pose: { pos: { x: 18000, y: 24500 }, heading: 18000 } })
    const next = play(s, { CSA: 'ARKS: SPEED 2' }).state
    expect(next.seen.USA).toContain('ARKS')
    const svg = plot(next, usa)
    expect(svg).toContain('>ARKS CSS Arkansas</text>')
    expect(svg).toContain('>180°</text>')
    expect(svg).not.toContain('stroke="#8f1f1f" stroke-width="1.2" stroke-dasharray="4 2"')
    expect(plot(next, csa)).toContain('stroke="#8f1f1f" stroke-width="1.2" stroke-dasharray="4 2"')
  })

  it('hazards with a legend: land, shoals, stakes, a chain or boom, minefields, forts, towns and smoke', () => {
    const svg = plot(afterOne(), usa)
    for (const label of [
      'land',
      'shoal or sandbar',
      'stakes',
      'chain or boom',
      'minefield (bold: known real)',
      'fort, its arc dashed',
      'town or port',
      'smoke (as far as you see it)',
    ])
      expect(svg).toContain(`>${label}</text>`)
    expect(svg).toContain('class="shoal"')
    expect(svg).toContain('class="minefield"')
  })

  it("§5 L283 which torpedoes are real only their owner sees: on the other side's plot every field is drawn alike", () => {
    const s = afterOne()
    const bold = /class="minefield"[^>]*stroke-width="2"/g
    const own = plot(s, csa)
    const other = plot(s, usa)
    expect(count(own, bold)).toBeGreaterThan(0)
    expect(count(other, bold)).toBe(0)
    expect(count(other, /class="minefield"/g)).toBe(count(own, /class="minefield"/g))
  })

  it('fits a portrait A4 or Letter page by its width, and renders to a PNG', () => {
    const svg = plot(afterOne(), usa)
    const [w, h] = [Number(/width="(\d+)"/.exec(svg)![1]), Number(/height="(\d+)"/.exec(svg)![1])]
    expect(w).toBeLessThanOrEqual(900)
    expect(h / w).toBeLessThanOrEqual(11 / 8.5)
    const png = rasterise(svg)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(w)
  })
})
