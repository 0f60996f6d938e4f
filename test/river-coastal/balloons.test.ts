// Observation balloons (rulebook §7 L483-485; digest §2.7, §3.8, A49; ruling RC-73): fitted by the
// option `balloons`, raised with BALLOON UP and lowered with BALLOON DOWN; a ship towing an inflated
// balloon makes at most 3 knots; the move it goes up is spent setting it up, and from then on her side
// sees from her over every ship and past 50", land still hiding what is behind it. The enemy learns
// only what he sees himself.
import { describe, expect, it } from 'vitest'
import { canSee, type Viewer } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { inches } from '../../src/games/river-coastal/units.ts'
import { plotSvg } from '../../src/games/river-coastal/plot.ts'
import { pack } from './helpers.ts'
import { calm, csa, deployed, play, ruleset, usa } from './play.ts'

/** The ships of one side in a reader's view. */
const inView = (s: RiverState, viewer: Viewer, side: string) =>
  (ruleset.view(s, viewer) as { ships: { id: string; side: string }[] }).ships
    .filter((x) => x.side === side)
    .map((x) => x.id)

const withBalloon = (): RiverState =>
  ruleset.setup('passing-the-fort', { balloons: 'META' }, riverCoastalFactory.defaultPack(), calm())
const errors = (s: RiverState, text: string) =>
  ruleset.parseOrders(s, 'USA', text).errors.map((e) => [e.line, e.message, e.suggestion])

/**
 * Above the Bluffs with Carondelet carrying a balloon, deployed, the fog gone and every ship stopped at
 * anchor where `at` puts her (x, y, heading): by default the Union in a column at the foot of the table,
 * the Confederates at its head, more than 50" from any Union ship and the Union out of the battery's reach.
 */
function table(at: Record<string, [number, number, number]> = {}): RiverState {
  const s = deployed(ruleset.setup('above-the-bluffs', { balloons: 'CARO' }, riverCoastalFactory.defaultPack(), calm()))
  const places: Record<string, [number, number, number]> = {
    CARO: [8, 3, 0],
    CINC: [8, 8, 0],
    MOUN: [8, 13, 0],
    STLO: [8, 18, 0],
    ARKS: [10, 72, 180],
    MANS: [16, 72, 180],
    MORE: [22, 72, 180],
    ...at,
  }
  for (const [id, [x, y, h]] of Object.entries(places)) {
    const ship = s.ships[id]!
    ship.pose = { pos: { x: inches(x), y: inches(y) }, heading: h * 100 }
    ship.speed = 0
    ship.anchored = true
  }
  delete s.fog
  s.seen = { USA: [], CSA: [] }
  return s
}
const STILL = { USA: 'CARO: SPEED 0\nCINC: SPEED 0\nMOUN: SPEED 0\nSTLO: SPEED 0', CSA: 'ARKS: SPEED 0' }
const RAISE = { ...STILL, USA: STILL.USA.replace('CARO: SPEED 0', 'CARO: SPEED 0; BALLOON UP') }
const LOWER = { ...STILL, USA: STILL.USA.replace('CARO: SPEED 0', 'CARO: SPEED 0; BALLOON DOWN') }

describe('§7 L483-485 ruling RC-73 balloon orders', () => {
  it('ruling RC-73 only a ship fitted with a balloon (option balloons) may raise one', () => {
    const s = withBalloon()
    expect(s.ships.META!.balloon).toEqual({})
    expect(s.ships.TECU!.balloon).toBeUndefined()
    s.ships.META!.speed = 2
    s.ships.TECU!.speed = 2
    expect(errors(s, 'META: SPEED 2; BALLOON UP')).toEqual([])
    expect(errors(s, 'TECU: SPEED 2; BALLOON UP')[0]!.slice(0, 2)).toEqual([
      1,
      'BALLOON: USS Tecumseh carries no balloon (ruling RC-73: the game option balloons)',
    ])
    expect(errors(s, 'META: SPEED 2; BALLOON HIGH')[0]!.slice(1)).toEqual([
      'BALLOON reads BALLOON UP or BALLOON DOWN',
      'BALLOON UP',
    ])
  })

  it('§7 L483 a ship towing an inflated balloon makes at most 3 knots; lowering it frees her', () => {
    const s = withBalloon()
    s.ships.META!.speed = 4
    expect(errors(s, 'META: SPEED 4; BALLOON UP')).toEqual([
      [1, 'USS Metacomet tows her balloon: at most 3 knots while it is inflated (§7 L483)', 'SPEED 3'],
    ])
    s.ships.META!.balloon = { raisedIn: 1 }
    expect(errors(s, 'META: SPEED 4')[0]![2]).toBe('SPEED 3')
    expect(errors(s, 'META: SPEED 4; BALLOON DOWN')).toEqual([])
    expect(errors(s, 'META: SPEED 3; BALLOON UP')[0]![1]).toBe("BALLOON UP: USS Metacomet's balloon is up already")
    s.ships.META!.balloon = {}
    expect(errors(s, 'META: SPEED 4; BALLOON DOWN')[0]![1]).toBe("BALLOON DOWN: USS Metacomet's balloon is not up")
  })

  it('§7 L483 the judge holds an inflated balloon ship to 3 knots when her player is silent', () => {
    const s = withBalloon()
    s.ships.META!.balloon = { raisedIn: 1 }
    s.ships.META!.speed = 4
    const step = play(s, { USA: 'TECU: SPEED 6\nCHIC: SPEED 6\nGALE: SPEED 6' })
    expect(step.state.ships.META!.speed).toBe(3)
  })
})

describe('§7 L485 ruling RC-73 what a balloon sees, and what the enemy learns', () => {
  it('§7 L485 the move it goes up is spent setting up; from the next her side sees past 50"', () => {
    const one = play(table(), RAISE)
    expect(one.narrative.map((n) => n.text)).toContain('USS Carondelet inflates and raises her balloon')
    expect(one.state.seen).toEqual({ USA: [], CSA: [] })
    const two = play(one.state, STILL)
    expect(two.state.seen.USA).toEqual(['ARKS', 'MANS', 'MORE'])
    expect(inView(two.state, usa, 'CSA')).toEqual(['ARKS', 'MANS', 'MORE'])
    // The balloon down, the Union is blind again at the end of that move.
    const three = play(two.state, LOWER)
    expect(three.state.seen.USA).toEqual([])
  })

  it('ruling RC-73 the Confederates learn nothing of the balloon or the ships under it that they do not see', () => {
    const one = play(table(), RAISE)
    const two = play(one.state, STILL)
    expect(two.state.seen.CSA).toEqual([])
    for (const step of [one, two]) {
      expect(inView(step.state, csa, 'USA')).toEqual([])
      const told = step.narrative.filter((n) => canSee(csa, n.audience)).map((n) => n.text)
      expect(told.filter((t) => /Carondelet|balloon/i.test(t))).toEqual([])
    }
    const raised = one.narrative.find((n) => /balloon/.test(n.text))!
    expect(canSee(usa, raised.audience)).toBe(true)
  })

  it('ruling RC-73 the balloon is drawn over its ship on the plots of the readers who see her', () => {
    const two = play(play(table(), RAISE).state, STILL)
    const scenario = pack.scenarios['above-the-bluffs']!
    expect(plotSvg(two.state, usa, scenario, pack)).toContain("<title>USS Carondelet's balloon</title>")
    expect(plotSvg(two.state, csa, scenario, pack)).not.toContain('balloon')
  })

  it('§9 L537 ruling RC-73 from the balloon a larger ship no longer screens', () => {
    // Manassas within 50" of the Union column, straight behind Arkansas (the larger) as seen from it.
    const s = table({ ARKS: [8, 30, 90], MANS: [8, 40, 90] })
    const ground = play(s, RAISE)
    expect(ground.state.seen.USA).toEqual(['ARKS'])
    const aloft = play(ground.state, STILL)
    expect(aloft.state.seen.USA).toEqual(['ARKS', 'MANS', 'MORE'])
  })

  it('§9 L537 ruling RC-73 the land still hides what lies behind it, even from the balloon', () => {
    // Governor Moore just above the west island, the Union column straight below it.
    const s = table({ CARO: [28, 3, 0], CINC: [28, 8, 0], MOUN: [28, 13, 0], STLO: [28, 18, 0], MORE: [28, 42, 0] })
    const one = play(s, RAISE)
    const two = play(one.state, STILL)
    expect(two.state.ships.CARO!.balloon).toEqual({ raisedIn: 1 })
    expect(two.state.seen.USA).not.toContain('MORE')
  })
})
