// The ship in tow meets what lies on her way (ruling RC-72, after RC-49; rulebook §7 L479-485 names
// towing without a rule): the towed hull is carried with each increment of her tow and tested there
// like any moving hull, for shoals (§8 L491), wrecks (§8 L529-531), spar chains (§8 L523-527),
// torpedoes (§9 L811-819), the land and other hulls (§11 L985); what she meets stops the pair.
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { type HazardEntry, type Mover, simulateMove } from '../../src/games/river-coastal/movement.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { moveRules, openTable, rect, ship } from './helpers.ts'
import { calm, play, ruleset } from './play.ts'

/** Tow T steaming north at 4 knots with B lashed alongside to starboard (hulls 0.2" apart). */
const pair = (): Mover[] => [ship('T', 24, 10, 0, 4), { ...ship('B', 25, 10, 0, 0), towedBy: 'T' }]
const pass = () => 'pass' as const
/** Every hazard entry the movement asked about, and the answer it was given. */
function asked(answer: (e: HazardEntry) => 'pass' | 'stuck' | 'sunk') {
  const seen: HazardEntry[] = []
  return { seen, check: (e: HazardEntry) => (seen.push(e), answer(e)) }
}

describe('ruling RC-72 the towed hull is carried and tested on the way', () => {
  it('ruling RC-72 the pair never meets itself: hulls alongside make no contact and keep their places', () => {
    const r = simulateMove(pair(), openTable(), moveRules, pass)
    expect(r.contacts).toEqual([])
    expect(r.poses.T!.pos).toEqual({ x: 24000, y: 14000 })
    expect(r.poses.B!.pos).toEqual({ x: 25000, y: 14000 })
    expect(r.moved.B).toBe(r.moved.T)
  })

  it('§8 L491 ruling RC-72 a shoal under the towed hull only is tested for her, and a grounding stops the pair', () => {
    const bar = { id: 'bar', kind: 'sandbar' as const, depth: 30, polygon: rect(24.8, 13, 26, 14) }
    const a = asked((e) => (e.kind === 'sandbar' ? 'stuck' : 'pass'))
    const r = simulateMove(pair(), openTable({ hazards: [bar] }), moveRules, a.check)
    expect(a.seen.map((e) => [e.ship, e.kind, e.hazard])).toEqual([['B', 'sandbar', 'bar']])
    expect(r.stopped).toEqual({ B: 'aground', T: 'blocked' })
    expect(r.poses.T!.pos.y).toBeLessThan(12000)
    expect(r.poses.T!.pos.y).toBe(r.poses.B!.pos.y)
    // Passed, the pair goes on its way.
    const free = simulateMove(pair(), openTable({ hazards: [bar] }), moveRules, pass)
    expect(free.poses.T!.pos.y).toBe(14000)
  })

  it('§8 L529-531 ruling RC-72 a wreck in the towed ship path snags her', () => {
    const wreck = { id: 'wreck-X', kind: 'wreck' as const, polygon: rect(24.9, 12.5, 25.1, 13) }
    const a = asked((e) => (e.kind === 'wreck' ? 'stuck' : 'pass'))
    const r = simulateMove(pair(), openTable({ hazards: [wreck] }), moveRules, a.check)
    expect(a.seen.map((e) => [e.ship, e.kind])).toEqual([['B', 'wreck']])
    expect(r.stopped.B).toBe('aground')
  })

  it('§9 L811-819 ruling RC-72 the towed ship reference point entering a minefield is rolled for her', () => {
    const field = { id: 'mf1', polygon: rect(24.7, 12, 26, 13) }
    const a = asked((e) => (e.kind === 'mine' ? 'sunk' : 'pass'))
    const r = simulateMove(pair(), openTable({ minefields: [field] }), moveRules, a.check)
    expect(a.seen.map((e) => [e.ship, e.kind, e.hazard])).toEqual([['B', 'mine', 'mf1']])
    expect(r.sunk).toEqual(['B'])
    // The line parts with her: the tow runs out her move.
    expect(r.poses.T!.pos.y).toBe(14000)
  })

  it('§8 L523-527 ruling RC-72 a chain across the towed ship path stops the pair short of it', () => {
    const boom = {
      id: 'boom',
      kind: 'chain' as const,
      polygon: [
        { x: 24800, y: 13000 },
        { x: 30000, y: 13000 },
      ],
    }
    const a = asked(() => 'stuck')
    const r = simulateMove(pair(), openTable({ hazards: [boom] }), moveRules, a.check)
    expect(a.seen.map((e) => [e.ship, e.kind])).toEqual([['B', 'chain']])
    expect(r.stopped).toEqual({ B: 'blocked', T: 'blocked' })
    expect(r.poses.B!.pos.y + 2000).toBeLessThanOrEqual(13000)
  })

  it('ruling RC-72 the land under the towed hull puts her hard ashore and holds the tow', () => {
    const island = { id: 'isle', polygon: rect(25.2, 12.5, 28, 20) }
    const r = simulateMove(pair(), openTable({ land: [island] }), moveRules, pass)
    expect(r.hazards.filter((h) => h.kind === 'land').map((h) => [h.ship, h.outcome])).toEqual([['B', 'stuck']])
    expect(r.stopped).toEqual({ B: 'land', T: 'blocked' })
  })

  it('§11 L985 ruling RC-72 the towed bow meeting another hull is a collision (she cannot ram) and stops the pair', () => {
    const c = ship('C', 27, 15.5, 90, 0)
    const r = simulateMove([...pair(), c], openTable(), moveRules, pass)
    expect(r.contacts.map((x) => [x.kind, x.striker, x.other])).toEqual([['collision', 'B', 'C']])
    expect(r.stopped).toEqual({ B: 'blocked', T: 'blocked' })
    expect(r.poses.C).toEqual(c.pose)
  })

  it('§11 L985 ruling RC-72 a ship that rams the ship in tow stops her, and the tow with her', () => {
    const rammer = ship('R', 29, 12, 270, 6)
    const r = simulateMove([...pair(), rammer], openTable(), moveRules, pass)
    expect(r.contacts.map((x) => [x.kind, x.striker, x.other])).toEqual([['ram', 'R', 'B']])
    expect(r.stopped).toEqual({ R: 'ram', B: 'ram', T: 'blocked' })
  })

  it('ruling RC-72 a towed ship carried over the table edge leaves it; the tow goes on', () => {
    const r = simulateMove(
      [ship('T', 46.5, 10, 90, 4), { ...ship('B', 46.5, 11, 90, 0), towedBy: 'T' }],
      openTable(),
      moveRules,
      pass,
    )
    expect(r.exited).toEqual({ T: 'side' })
    const off = simulateMove(
      [ship('T', 47.6, 10, 0, 4), { ...ship('B', 48.7, 10, 0, 0), towedBy: 'T' }],
      openTable(),
      moveRules,
      pass,
    )
    expect(off.exited).toEqual({ B: 'side' })
    expect(off.poses.T!.pos.y).toBe(14000)
  })
})

describe('ruling RC-72 in a played move', () => {
  /** Selma stopped alongside Tennessee's starboard side, both heading south; a wreck ahead of Tennessee only. */
  const lashedOverWreck = (): RiverState => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.ships.SELM!.pose = { pos: { x: 28100, y: 42000 }, heading: 18000 }
    s.ships.SELM!.speed = 0
    s.ships.TENN!.speed = 0
    s.wrecks = [{ id: 'wreck-X', polygon: rect(26.8, 38.5, 27.2, 39), knownTo: ['CSA'] }]
    return s
  }

  it('§8 L531 ruling RC-72 Tennessee in tow is snagged on a wreck, Selma is held, and the tow parts next move', () => {
    const step = play(lashedOverWreck(), { CSA: 'SELM: SPEED 2; TOW TENN' })
    const texts = step.narrative.map((n) => n.text)
    expect(texts).toContain('CSS Tennessee runs aground on wreck-X')
    expect(step.state.aground.TENN?.kind).toBe('wreck')
    expect(step.state.ships.SELM!.speed).toBe(0)
    expect(step.state.ships.SELM!.pose.pos.y).toBeGreaterThan(40000)
    const after = play(step.state, { CSA: 'SELM: SPEED 2' }, { 'm2:TENN:refloat': 1 })
    expect(after.narrative.map((n) => n.text)).toContain('the tow between CSS Selma and CSS Tennessee parts')
  })

  it("ruling RC-72 the judge's helm keeps a silent tow's friend off the wreck her side knows of", () => {
    // The wreck 3.5" ahead of Tennessee's bow, clear of Selma's track: 2 knots and the current's set reach it.
    const ahead = () => {
      const s = lashedOverWreck()
      s.wrecks = [{ id: 'wreck-X', polygon: rect(26.8, 36.4, 27.2, 36.9), knownTo: ['CSA'] }]
      return s
    }
    const s = ahead()
    s.ships.SELM!.towing = 'TENN'
    s.ships.SELM!.speed = 2
    const step = play(s, {})
    const texts = step.narrative.map((n) => n.text)
    // Since RC-80 the helm also keeps room to stop beyond the move, so it turns rather than slows.
    expect(texts).toContain(
      'CSS Selma has no orders and holds on, but turns to starboard 8 to keep clear of danger ahead',
    )
    expect(texts).toContain('CSS Selma has CSS Tennessee in tow')
    expect(step.state.aground.TENN).toBeUndefined()
    // Steered as written, straight on at 2 knots, she takes her friend onto it.
    const written = play(ahead(), { CSA: 'SELM: SPEED 2; TOW TENN' })
    expect(written.state.aground.TENN?.kind).toBe('wreck')
  })
})
