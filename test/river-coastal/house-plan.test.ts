// The standard house player's plan for Passing the Fort, read from the Union's view at the start:
// the lanes its runners take past Fort Morgan and the torpedo line (§6 L391-423 running ships
// through, §8 hazards, §9 L805-813 mines), the column they run in and the RAM that carries them past
// an enemy hull in the passage (ruling RC-62), and the ship it flies its flag in (§4 L133-175).
import { describe, expect, it } from 'vitest'
import type { Question, View } from '../../src/games/contract.ts'
import { riverCoastalHouse } from '../../src/games/river-coastal/house.ts'
import { blocker, columnLeaders, FOLLOW_GAP, lanes, runDirective } from '../../src/games/river-coastal/houseRoutes.ts'
import type { SeenShip } from '../../src/games/river-coastal/houseSeen.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import { calm, deployed, ruleset, usa } from './play.ts'

const pack = defaultRiverPack()
const sc = pack.scenarios['passing-the-fort']!
const start = () => ruleset.setup('passing-the-fort', {}, null as never, calm())
const unionShips = (view: View) => (view.ships as SeenShip[]).filter((s) => s.side === 'USA')

/** A box's x range widened by `berth` inches, from a polygon in table units. */
const xs = (polygon: { x: number }[], berth: number) => [
  Math.min(...polygon.map((p) => p.x / 1000)) - berth,
  Math.max(...polygon.map((p) => p.x / 1000)) + berth,
]

describe('the runners of Passing the Fort', () => {
  it('§6 L391-423, §9 L805-813: every lane clears the torpedo squares by an inch and Mobile Point by two', () => {
    const view = ruleset.view(start(), usa)
    const run = lanes(pack, unionShips(view), 'USA', sc)
    expect(run.size).toBe(4)
    for (const x of run.values()) {
      for (const m of sc.minefields) {
        const [lo, hi] = xs(m.polygon, 1)
        expect(x <= lo || x >= hi, `lane ${x} against ${m.id}`).toBe(true)
      }
      const [landLo] = xs(sc.land[0]!.polygon, 2)
      expect(x).toBeLessThanOrEqual(landLo)
    }
  })

  it('ruling RC-50: the monitor that leads takes the lane nearest Fort Morgan, a wooden ship a lane two inches off it', () => {
    const view = ruleset.view(start(), usa)
    const run = lanes(pack, unionShips(view), 'USA', sc)
    expect(run.get('TECU')).toBe(Math.max(...run.values()))
    expect(run.get('TECU')! - run.get('GALE')!).toBe(2)
  })

  it('§7 L441: a runner whose straight run would cut a torpedo square first makes for her lane a move ahead', () => {
    const view = ruleset.view(start(), usa)
    const galena = unionShips(view).find((s) => s.id === 'GALE')!
    const tecumseh = unionShips(view).find((s) => s.id === 'TECU')!
    const run = lanes(pack, unionShips(view), 'USA', sc)
    const lane = run.get('GALE')!
    const d = runDirective(galena, lane, 'USA', sc, 8)
    const [, a, b] = d.split(' ')
    expect(b).toBe(`${lane},72`)
    const [ax, ay] = a!.split(',').map(Number)
    expect(ax).toBe(lane)
    expect(Math.hypot(ax! - galena.x, ay! - galena.y)).toBeLessThanOrEqual(8.5)
    expect(runDirective(tecumseh, run.get('TECU')!, 'USA', sc, 8)).toBe(
      `PATROL ${run.get('TECU')},72 ${run.get('TECU')},72`,
    )
  })
})

describe('the column through the passage', () => {
  const choice = { below: () => 0 }
  const orders = (view: View) => riverCoastalHouse(pack).orders(view, 'usa', 'standard', choice).split('\n')

  it('ruling RC-62, digest §4.4 FOLLOW: the leading monitor runs for the far end and the ship astern on her lane follows her', () => {
    const lines = orders(ruleset.view(start(), usa))
    expect(lines.find((l) => l.startsWith('DIRECTIVE TECU '))).toMatch(/^DIRECTIVE TECU PATROL \d+,\d+ \d+,72$/)
    expect(lines).toContain(`DIRECTIVE CHIC FOLLOW TECU ${FOLLOW_GAP}`)
    expect(lines).toContain(`DIRECTIVE META FOLLOW GALE ${FOLLOW_GAP}`)
  })

  it('§6 L391-423: the armoured ships lead the column; a wooden ship well ahead of them runs on her own', () => {
    const view = ruleset.view(start(), usa)
    const own = unionShips(view)
    const leaders = columnLeaders(pack, own, 'USA', lanes(pack, own, 'USA', sc))
    expect(leaders.has('TECU')).toBe(false)
    expect(leaders.get('CHIC')).toBe('TECU')
    expect(leaders.has('GALE')).toBe(false)
  })

  it("ruling RC-62, §11 L995: an enemy hull standing in a runner's lane ahead gets her a RAM with no target, so her helm drives on past it", () => {
    const view = ruleset.view(start(), usa)
    const selma = (view.ships as SeenShip[]).find((s) => s.id === 'SELM')!
    const tecumseh = unionShips(view).find((s) => s.id === 'TECU')!
    const lane = lanes(pack, unionShips(view), 'USA', sc).get('TECU')!
    expect(blocker(tecumseh, lane, 'USA', [selma])).toBeUndefined()
    Object.assign(selma, { x: lane, y: tecumseh.y + 6 })
    expect(blocker(tecumseh, lane, 'USA', [selma])?.id).toBe('SELM')
    expect(orders(view).find((l) => l.startsWith('TECU:'))).toMatch(/; RAM$/)
    // Behind her, or off her lane, the enemy is no bar to the run.
    Object.assign(selma, { x: lane - 6, y: tecumseh.y + 6 })
    expect(blocker(tecumseh, lane, 'USA', [selma])).toBeUndefined()
    expect(orders(view).find((l) => l.startsWith('TECU:'))).not.toMatch(/RAM/)
  })
})

describe('the Confederate gunboats', () => {
  const choice = { below: () => 0 }
  const csa = { kind: 'role' as const, role: 'CSA' }
  const orders = (level: 'standard' | 'cautious') =>
    riverCoastalHouse(pack).orders(ruleset.view(start(), csa), 'csa', level, choice).split('\n')

  it('§6 L391-423, §9 L805-813: outgunned, the standard wooden ships still go for a monitor the ironclad card names, through the gap between the torpedo squares and Mobile Point; the flagship holds', () => {
    const lines = orders('standard')
    expect(lines).toContain('DIRECTIVE GAIN PATROL 34,35 34,25')
    expect(lines).toContain('DIRECTIVE SELM PATROL 34,35 34,25')
    // Both fire at the one monitor the side goes for.
    const aims = ['GAIN', 'SELM'].map(
      (id) => lines.find((l) => l.startsWith(`${id}:`))?.match(/FIRE ALL AT (\w+)/)?.[1],
    )
    expect(aims[0]).toMatch(/^(TECU|CHIC)$/)
    expect(aims[1]).toBe(aims[0])
    expect(lines).toContain('DIRECTIVE TENN HOLD')
  })

  it('the cautious house holds every ship', () => {
    const lines = orders('cautious')
    for (const id of ['TENN', 'GAIN', 'SELM']) expect(lines).toContain(`DIRECTIVE ${id} HOLD`)
  })
})

describe('the flag', () => {
  const question = (state: ReturnType<typeof start>): Question => {
    const q = ruleset.awaiting(state).find((w) => w.kind === 'decision' && w.decisionId === 'FLAGSHIP-USA')
    if (q?.kind !== 'decision') throw new Error('no flagship question')
    return q
  }
  const choice = { below: () => 0 }

  it('§4 L155, L169-175: among its armoured ships the standard house flies its flag in the one whose Reckless captain only the commander can hold', () => {
    const state = start()
    const view = ruleset.view(state, usa)
    for (const s of unionShips(view))
      s.captain = { ...s.captain!, quality: s.id === 'CHIC' ? 'reckless' : 'intelligent' }
    expect(riverCoastalHouse(pack).answer(view, question(state), 'standard', choice)).toBe('CHIC')
  })

  it('§6 L391-423: the enemy scores the flagship, so a wooden ship with a Reckless captain does not get the flag while an armoured ship is afloat', () => {
    const state = start()
    const view = ruleset.view(state, usa)
    for (const s of unionShips(view))
      s.captain = { ...s.captain!, quality: s.id === 'GALE' ? 'reckless' : 'intelligent' }
    expect(riverCoastalHouse(pack).answer(view, question(state), 'standard', choice)).toBe('TECU')
  })

  it('§6 L391-423: with no Reckless captain the flag goes to the ship hardest to destroy, an armoured one', () => {
    const state = start()
    const view = ruleset.view(state, usa)
    for (const s of unionShips(view)) s.captain = { ...s.captain!, quality: 'stubborn' }
    expect(riverCoastalHouse(pack).answer(view, question(state), 'standard', choice)).toBe('TECU')
  })

  it('§4 L133-143: once the flag is flown, the enemy view names the flagship', () => {
    const state = start()
    const csaView = ruleset.view(state, { kind: 'role', role: 'CSA' })
    expect((csaView.flagships as Record<string, string | null>).USA).toBeNull()
    expect((csaView.flagships as Record<string, string | null>).CSA).toBe('TENN')
    const flown = { ...state, flagships: { USA: 'GALE' } }
    expect((ruleset.view(flown, { kind: 'role', role: 'CSA' }).flagships as Record<string, string>).USA).toBe('GALE')
  })

  it('§9 L537: in fog an enemy flagship out of sight is not named', () => {
    const fog = { 'weather:fog': 3, 'weather:fog:1': 4, 'weather:fog:2': 4 }
    const s = deployed(ruleset.setup('above-the-bluffs', {}, null as never, calm(fog)))
    expect(s.seen.USA).toEqual([])
    const flags = ruleset.view(s, usa).flagships as Record<string, string | null>
    expect(flags.CSA).toBeNull()
    expect(flags.USA).not.toBeNull()
  })
})
