// River and Coastal's house player through the judge: a house seat's orders are written from its
// side's view alone, filed like a player's mail and accepted without error move after move; its play
// replays exactly from the same seed; its inputs hold nothing of enemy ships its side cannot see.
import { afterEach, describe, expect, it } from 'vitest'
import { gameStream, type OrdersAccepted, type OrdersRejected } from '../../src/engine/events.ts'
import type { HouseLevel } from '../../src/games/contract.ts'
import { riverCoastalHouse } from '../../src/games/river-coastal/house.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { testApp, type TestApp } from '../helpers/app.ts'
import { calm, ruleset } from './play.ts'

let app: TestApp | null = null
afterEach(() => {
  app?.cleanup()
  app = null
})

const person = (role: string) => ({ role, address: `${role}@example.test`, name: role })
const house = (role: string, level: HouseLevel) => ({ role, address: `house:${level}`, name: `house ${level}` })

/** Resolves `points` points (or to the end); the person side stays silent and its ships keep their directives. */
function playOut(a: TestApp, game: string, points: number): void {
  for (let i = 0; i < points && !a.judge.load(game).finished; i++) a.judge.forceAdjudicate(game, { by: 'test' })
}

function filings(a: TestApp, game: string) {
  const events = a.judge.o.store.read(gameStream(game))
  const accepted = events.filter((e) => e.type === 'OrdersAccepted').map((e) => e.data as OrdersAccepted)
  const rejected = events.filter((e) => e.type === 'OrdersRejected').map((e) => e.data as OrdersRejected)
  return { events, accepted, rejected, house: accepted.filter((d) => d.from?.startsWith('house:')) }
}

function create(a: TestApp, game: string, scenario: string, players: ReturnType<typeof person>[]) {
  a.judge.createGame({ game, ruleset: 'river-coastal', scenario, players })
}

describe('a house seat against a silent side', () => {
  const games: { scenario: string; seed: string; houseRole: string; level: HouseLevel }[] = [
    { scenario: 'passing-the-fort', seed: 'r1', houseRole: 'usa', level: 'standard' },
    { scenario: 'passing-the-fort', seed: 'r2', houseRole: 'csa', level: 'cautious' },
    { scenario: 'above-the-bluffs', seed: 'r3', houseRole: 'csa', level: 'standard' },
    { scenario: 'plymouth-boom', seed: 'r4', houseRole: 'usa', level: 'cautious' },
  ]
  it.each(games)('$scenario, house $level $houseRole (seed $seed): every house order mail is accepted', (g) => {
    app = testApp(g.seed)
    const other = g.houseRole === 'usa' ? 'csa' : 'usa'
    const game = `rh-${g.seed}`
    create(app, game, g.scenario, [house(g.houseRole, g.level), person(other)])
    playOut(app, game, 5)
    const f = filings(app, game)
    expect(f.rejected.filter((r) => r.role === g.houseRole)).toEqual([])
    expect(f.house.length).toBeGreaterThan(2)
    expect(f.house.every((d) => d.role === g.houseRole && d.from === `house:${g.level}`)).toBe(true)
    expect(f.house.every((d) => d.warnings === undefined || Array.isArray(d.warnings))).toBe(true)
  })
})

describe('house against house', () => {
  const runs = ['passing-the-fort', 'fire-rafts', 'mortar-flotilla', 'random-river'].map((scenario) => ({ scenario }))
  it.each(runs)(
    '§6 L391-423 $scenario, standard against cautious: no house mail refused, the ships fight',
    ({ scenario }) => {
      app = testApp(`hvh-${scenario}`)
      const game = 'hvh'
      create(app, game, scenario, [house('usa', 'standard'), house('csa', 'cautious')])
      playOut(app, game, 8)
      const f = filings(app, game)
      expect(f.rejected).toEqual([])
      expect(f.house.some((d) => d.role === 'usa')).toBe(true)
      expect(f.house.some((d) => d.role === 'csa')).toBe(true)
      expect(f.house.some((d) => d.normalised.some((n) => /FIRE/.test(n)))).toBe(true)
      // The standard side steers by the game's own directives: it closes, or runs for the far end.
      const usa = f.house.filter((d) => d.role === 'usa').flatMap((d) => d.normalised)
      expect(usa.some((n) => /^DIRECTIVE \w+ (ENGAGE|STEAM-TO|PATROL)/.test(n))).toBe(true)
      // Every question put to a house side is answered by it, none left to its default by a refusal.
      const asked = f.events.filter((e) => e.type === 'DecisionRequested').length
      expect(asked).toBeGreaterThan(0)
      expect(f.events.filter((e) => e.type === 'DecisionDefaulted')).toEqual([])
      expect(f.events.filter((e) => e.type === 'DecisionMade').length).toBe(asked)
    },
  )
})

describe('a side divided among captains', () => {
  it('RC-92: each house captain orders only his own ships, the senior one the policies; no mail refused', () => {
    app = testApp('capt')
    const game = 'rcapt'
    const seats = [house('usawest', 'standard'), house('usaeast', 'cautious')]
    app.judge.createGame({
      game,
      ruleset: 'river-coastal',
      scenario: 'above-the-bluffs',
      players: [...seats, house('csaflag', 'standard'), house('csarams', 'cautious')],
      options: { captains: '2' },
    })
    playOut(app, game, 5)
    const f = filings(app, game)
    expect(f.rejected).toEqual([])
    for (const role of ['usawest', 'usaeast', 'csaflag', 'csarams'])
      expect(f.house.some((d) => d.role === role)).toBe(true)
    // At each point one captain a side (its senior) writes the side's policies.
    const policies = f.house.filter((d) => d.normalised.some((n) => /^POLICY/.test(n)))
    const perPoint = new Set(policies.map((d) => `${d.point} ${d.role.slice(0, 3)}`))
    expect(policies.length).toBeGreaterThan(0)
    expect(perPoint.size).toBe(policies.length)
  })
})

describe("the house player's inputs and its replay", () => {
  it('determinism: the same seed gives the same house orders', () => {
    const texts = (seed: string) => {
      const a = testApp(seed)
      try {
        create(a, 'det', 'passing-the-fort', [house('usa', 'standard'), house('csa', 'standard')])
        playOut(a, 'det', 4)
        return filings(a, 'det').house.map((d) => `${d.point} ${d.role}\n${d.text}`)
      } finally {
        a.cleanup()
      }
    }
    const once = texts('same')
    expect(once.length).toBeGreaterThan(3)
    expect(texts('same')).toEqual(once)
  })

  it('§3.9 fog: each house mail was written from a view naming no enemy ship its side could not see', () => {
    app = testApp('fog')
    const game = 'rfog'
    create(app, game, 'above-the-bluffs', [house('usa', 'standard'), house('csa', 'standard')])
    const key = app.judge.keyFor(game, 'csa')
    playOut(app, game, 10)
    const fold = app.judge.load(game)
    const f = filings(app, game)
    let hidden = 0
    let inSight = 0
    for (const d of f.house) {
      const side = d.role.toUpperCase() as 'USA' | 'CSA'
      const state = (d.point === fold.point ? fold.state : fold.statesBefore.get(d.point)) as RiverState
      const view = fold.ruleset.view(state, { kind: 'role', role: d.role })
      const json = JSON.stringify(view)
      expect(json).not.toContain(key)
      // The other side's directives and order lines are secret to it (§4).
      for (const o of f.house.filter((x) => x.role !== d.role && x.point <= d.point))
        for (const n of o.normalised.filter((l) => /^DIRECTIVE/.test(l))) expect(json).not.toContain(n)
      // An enemy ship in sight shows where she stands, never her points, guns, crew or captain.
      for (const e of (view.ships as { side: string }[]).filter((x) => x.side !== side)) {
        inSight++
        for (const k of ['spv', 'pv', 'guns', 'crew', 'captain', 'speed']) expect(e).not.toHaveProperty(k)
      }
      for (const s of Object.values(state.ships)) {
        if (s.side === side || state.seen[side].includes(s.id)) continue
        hidden++
        expect(json).not.toContain(`"id":"${s.id}"`)
        expect(d.text).not.toMatch(new RegExp(`\\b${s.id}\\b`))
      }
    }
    expect(hidden, 'some enemy ship was out of sight while the house wrote orders').toBeGreaterThan(0)
    expect(inSight, 'and some was in sight').toBeGreaterThan(0)
  })
})

describe('questions', () => {
  it('§7 L479: asked for a side-wheeler radius, the cautious house takes the default, the standard one the tightest offered', () => {
    const state = ruleset.setup('passing-the-fort', {}, null as never, calm())
    const q = ruleset.awaiting(state).find((w) => w.kind === 'decision' && w.decisionId === 'RADIUS-META')
    if (q?.kind !== 'decision') throw new Error('no radius question')
    const view = ruleset.view(state, { kind: 'role', role: 'USA' })
    const player = riverCoastalHouse(defaultRiverPack())
    const last = { below: (n: number) => n - 1 }
    expect(player.answer(view, q, 'cautious', last)).toBe(q.defaultOption)
    const tightest = String(Math.min(...q.options.map((o) => Number(o.id))))
    expect(player.answer(view, q, 'standard', last)).toBe(tightest)
    expect(ruleset.parseAnswer!(state, q, player.answer(view, q, 'standard', last))).not.toHaveProperty('error')
  })
})
