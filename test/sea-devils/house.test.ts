// Sea Devils' house player through the judge: a house seat's orders are written from its side's
// view alone, filed like a player's mail and accepted without error to the end of a game; its play
// replays exactly from the revealed hidden-draw secret; its inputs keep the other side's secrets;
// and a seat passes from a person to the house and back (with a new key).
import { afterEach, describe, expect, it } from 'vitest'
import { gameStream, type OrdersAccepted, type OrdersRejected } from '../../src/engine/events.ts'
import { HouseChoice } from '../../src/engine/house.ts'
import { readjudicate } from '../../src/engine/readjudicate.ts'
import { seaDevilsHouse } from '../../src/games/sea-devils/house.ts'
import { pack, fresh, rs } from './rules/helpers.ts'
import type { HouseLevel } from '../../src/games/contract.ts'
import type { SdState } from '../../src/games/sea-devils/state.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp | null = null
afterEach(() => {
  app?.cleanup()
  app = null
})

const person = (role: string) => ({ role, address: `${role}@example.test`, name: role })
const house = (role: string, level: HouseLevel) => ({ role, address: `house:${level}`, name: `house ${level}` })

/** The scripted person: a standing order every time his orders are awaited, nothing else. */
const PERSON_ORDERS: Record<string, string> = {
  federal: 'POLICY ALL ON ESCAPE-ATTEMPT: CONTEST IF my.speed >= foe.speed; LETGO',
  confederate: 'POLICY ALL ON SPOTTED: ESCAPE IF diff >= 1; FIGHT',
}

/** Plays the game to its end: the person files his orders, then the point is resolved (questions defaulted). */
function playOut(a: TestApp, game: string, people: string[]): number {
  let points = 0
  for (let i = 0; i < 80 && !a.judge.load(game).finished; i++) {
    const fold = a.judge.load(game)
    for (const w of fold.ruleset.awaiting(fold.state))
      if (w.kind === 'orders' && people.includes(w.role) && !fold.orders.has(w.role))
        expect(a.judge.submitOrders(game, w.role, PERSON_ORDERS[w.role]!).accepted).toBe(true)
    const r = a.judge.forceAdjudicate(game, { by: 'test' })
    if (r.committed) points++
  }
  expect(a.judge.load(game).finished, `${game} ends`).toBe(true)
  return points
}

function filings(a: TestApp, game: string) {
  const events = a.judge.o.store.read(gameStream(game))
  const accepted = events.filter((e) => e.type === 'OrdersAccepted').map((e) => e.data as OrdersAccepted)
  const rejected = events.filter((e) => e.type === 'OrdersRejected').map((e) => e.data as OrdersRejected)
  return { events, accepted, rejected, house: accepted.filter((d) => d.from?.startsWith('house:')) }
}

describe('a house seat against a scripted person, to the end of the game', () => {
  const games: { scenario: string; seed: string; houseRole: string; level: HouseLevel }[] = [
    { scenario: 'weak-beginning', seed: 'h1', houseRole: 'confederate', level: 'standard' },
    { scenario: 'weak-beginning', seed: 'h2', houseRole: 'federal', level: 'standard' },
    { scenario: 'greyhounds', seed: 'h3', houseRole: 'confederate', level: 'cautious' },
    { scenario: 'endgame', seed: 'h4', houseRole: 'federal', level: 'cautious' },
    { scenario: 'cresting-tide', seed: 'h5', houseRole: 'confederate', level: 'standard' },
    { scenario: 'campaign', seed: 'h6', houseRole: 'confederate', level: 'standard' },
    { scenario: 'campaign', seed: 'h7', houseRole: 'federal', level: 'standard' },
  ]
  it.each(games)('$scenario, house $level $houseRole (seed $seed): every house order mail is accepted', (g) => {
    app = testApp(g.seed)
    const other = g.houseRole === 'federal' ? 'confederate' : 'federal'
    const game = `hs-${g.seed}`
    app.judge.createGame({
      game,
      ruleset: 'sea-devils',
      scenario: g.scenario,
      players: [house(g.houseRole, g.level), person(other)],
    })
    playOut(app, game, [other])
    const f = filings(app, game)
    expect(f.rejected.filter((r) => r.role === g.houseRole)).toEqual([])
    expect(f.house.length).toBeGreaterThan(1)
    expect(f.house.every((d) => d.role === g.houseRole && d.from === `house:${g.level}`)).toBe(true)
    // No mail goes to a house seat; the person is mailed as ever.
    const rows = outboxRows(app)
    expect(rows.some((r) => r.recipient.startsWith('house:'))).toBe(false)
    expect(rows.some((r) => r.recipient === `${other}@example.test`)).toBe(true)
  })
})

describe('house against house', () => {
  it('12.1: two standard house players play the Weak Beginning to its end, the raider raiding', () => {
    app = testApp('hvh')
    const game = 'hvh'
    app.judge.createGame({
      game,
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [house('federal', 'standard'), house('confederate', 'standard')],
    })
    playOut(app, game, [])
    const f = filings(app, game)
    expect(f.rejected).toEqual([])
    expect(f.house.some((d) => d.role === 'confederate' && d.normalised.some((n) => /RAID/.test(n)))).toBe(true)
    expect(f.house.some((d) => d.role === 'federal' && d.normalised.some((n) => /^DEPLOY/.test(n)))).toBe(true)
    expect(f.events.some((e) => e.type === 'GameFinished')).toBe(true)
  })
})

describe('house against house in every scenario', () => {
  const runs = ['campaign', 'weak-beginning', 'greyhounds', 'cresting-tide', 'endgame'].flatMap((scenario) =>
    (['cautious', 'standard'] as const).map((federal) => ({ scenario, federal })),
  )
  it.each(runs)(
    '13.x $scenario, $federal Federal against a standard Confederate: no house mail refused, the game ends',
    ({ scenario, federal }) => {
      app = testApp(`all-${scenario}-${federal}`)
      const game = 'all'
      app.judge.createGame({
        game,
        ruleset: 'sea-devils',
        scenario,
        players: [house('federal', federal), house('confederate', 'standard')],
      })
      playOut(app, game, [])
      const f = filings(app, game)
      expect(f.rejected).toEqual([])
      const record = f.house.filter((d) => d.role === 'confederate').map((d) => d.text!)
      expect(record.some((t) => /RAID/.test(t))).toBe(true)
    },
  )
})

describe("the house player's inputs and its replay", () => {
  it('every house order mail recomputes from the seat view at its point and the revealed hidden-draw secret', () => {
    app = testApp('audit')
    const game = 'audit'
    app.judge.createGame({
      game,
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [house('federal', 'standard'), house('confederate', 'standard')],
    })
    playOut(app, game, [])
    const fold = app.judge.load(game)
    const f = filings(app, game)
    const revealed = f.events.find((e) => e.type === 'HiddenDrawRevealed')!.data as { secret: string }
    expect(f.house.length).toBeGreaterThan(4)
    for (const d of f.house) {
      const state = fold.statesBefore.get(d.point) as SdState
      const view = fold.ruleset.view(state, { kind: 'role', role: d.role })
      const choice = new HouseChoice(revealed.secret, {
        game,
        role: d.role,
        turn: d.turn,
        point: d.point,
        what: 'orders',
      })
      expect(fold.ruleset.house!.orders(view, d.role, 'standard', choice), `point ${d.point} ${d.role}`).toBe(d.text)
    }
  })

  it("fog: the Federal house's view holds no unspotted raider, no Confederate order line, key or whaling value", () => {
    app = testApp('fog')
    const game = 'hfog'
    app.judge.createGame({
      game,
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [house('federal', 'standard'), house('confederate', 'standard')],
    })
    const key = app.judge.keyFor(game, 'confederate')
    playOut(app, game, [])
    const fold = app.judge.load(game)
    const f = filings(app, game)
    const csaLines = f.house.filter((d) => d.role === 'confederate').flatMap((d) => d.text!.split('\n'))
    expect(csaLines.some((l) => /RAID/.test(l))).toBe(true)
    let hidden = 0
    for (const d of f.house.filter((x) => x.role === 'federal')) {
      const state = fold.statesBefore.get(d.point) as SdState
      const json = JSON.stringify(fold.ruleset.view(state, { kind: 'role', role: 'federal' }))
      expect(json).not.toContain(key)
      for (const l of csaLines) expect(json).not.toContain(l)
      expect(json).not.toContain('whalingValues')
      for (const s of Object.values(state.csa)) {
        if (s.status !== 'map' || (s.knownToFederal && s.knownToFederal.area === s.area)) continue
        hidden++
        expect(json).not.toMatch(new RegExp(`"id":"${s.id}"[^}]*"area":"${s.area}"`))
      }
      for (const w of Object.values(state.whaling)) expect(json).not.toContain(`"value":${w}`)
    }
    expect(hidden, 'some raider was out of sight while the house wrote orders').toBeGreaterThan(0)
  })

  it('determinism: the same seed gives the same house orders', () => {
    const texts = (seed: string) => {
      const a = testApp(seed)
      try {
        a.judge.createGame({
          game: 'det',
          ruleset: 'sea-devils',
          scenario: 'weak-beginning',
          players: [house('federal', 'standard'), house('confederate', 'standard')],
        })
        playOut(a, 'det', [])
        return filings(a, 'det').house.map((d) => `${d.point} ${d.role}\n${d.text}`)
      } finally {
        a.cleanup()
      }
    }
    expect(texts('same')).toEqual(texts('same'))
  })
})

describe('seats: a person replaced by the house and back', () => {
  it('the house takes the Confederate mid-game, files at once, and a person takes it back with a new key', () => {
    app = testApp('seat')
    const game = 'seat'
    app.judge.createGame({
      game,
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [person('federal'), person('confederate')],
    })
    const firstKey = app.judge.keyFor(game, 'confederate')
    for (let i = 0; i < 2; i++) {
      app.judge.submitOrders(game, 'federal', PERSON_ORDERS.federal!)
      app.judge.forceAdjudicate(game, { by: 'test' })
    }
    app.judge.replacePlayer(game, 'confederate', 'house:standard', { reason: 'the player dropped out' })
    let fold = app.judge.load(game)
    expect(fold.players.get('confederate')!.address).toBe('house:standard')
    // The activity record is awaited now: the house files it as soon as it sits.
    expect(fold.ruleset.awaiting(fold.state).some((w) => w.kind === 'orders' && w.role === 'confederate')).toBe(true)
    expect(fold.orders.get('confederate')?.from).toBe('house:standard')
    const notices = outboxRows(app).filter((r) => r.recipient === 'federal@example.test')
    expect(notices.some((r) => /confederate is now played by the house \(standard\)/.test(r.mail.subject))).toBe(true)
    for (let i = 0; i < 3; i++) {
      fold = app.judge.load(game)
      for (const w of fold.ruleset.awaiting(fold.state))
        if (w.kind === 'orders' && w.role === 'federal' && !fold.orders.has('federal'))
          app.judge.submitOrders(game, 'federal', PERSON_ORDERS.federal!)
      app.judge.forceAdjudicate(game, { by: 'test' })
    }
    expect(filings(app, game).house.length).toBeGreaterThan(0)
    const reports = () =>
      outboxRows(app!)
        .filter((r) => r.recipient === 'federal@example.test' && r.kind === 'report')
        .map((r) => r.mail.text)
    expect(reports().some((t) => t.includes('confederate is now played by the house (standard).'))).toBe(true)
    const { key } = app.judge.replacePlayer(game, 'confederate', 'back@example.test', { reason: 'a new player' })
    expect(key).not.toBe(firstKey)
    fold = app.judge.load(game)
    expect(fold.players.get('confederate')!.address).toBe('back@example.test')
    expect(app.judge.checkKey(fold, 'confederate', key)).toBe(true)
    expect(app.judge.checkKey(fold, 'confederate', firstKey)).toBe(false)
    const before = filings(app, game).house.length
    app.judge.forceAdjudicate(game, { by: 'test' })
    expect(filings(app, game).house.length, 'the house files no more once a person sits').toBe(before)
    expect(outboxRows(app).some((r) => r.recipient === 'back@example.test')).toBe(true)
    // The Federal hears of it in his next report (one waiting for his next input goes with it).
    for (let i = 0; i < 2; i++) {
      fold = app.judge.load(game)
      if (fold.finished) break
      if (fold.ruleset.awaiting(fold.state).some((w) => w.kind === 'orders' && w.role === 'federal'))
        app.judge.submitOrders(game, 'federal', PERSON_ORDERS.federal!)
      app.judge.submitOrders(game, 'confederate', PERSON_ORDERS.confederate!)
      app.judge.forceAdjudicate(game, { by: 'test' })
    }
    expect(reports().some((t) => t.includes('confederate is played by a person again'))).toBe(true)
    expect(reports().some((t) => t.includes('back@example.test'))).toBe(false)
  })
})

describe('re-adjudication and questions', () => {
  it("a re-adjudication re-reads the house's recorded mails like a person's; the open point's orders stand or are written anew", () => {
    app = testApp('readj')
    const game = 'readj'
    app.judge.createGame({
      game,
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [house('federal', 'standard'), house('confederate', 'standard')],
    })
    for (let i = 0; i < 3; i++) app.judge.forceAdjudicate(game, { by: 'test' })
    const before = app.judge.load(game)
    const plan = readjudicate(app.judge, { game, fromPoint: 1, reason: 'checking the house' }, true)
    expect(plan.event.illegal).toEqual([])
    expect(plan.event.newResultHashes).toEqual(plan.event.oldResultHashes)
    const after = app.judge.load(game)
    expect(after.point).toBe(before.point)
    for (const w of after.ruleset.awaiting(after.state))
      if (w.kind === 'orders') expect(after.orders.get(w.role)?.from).toMatch(/^house:/)
  })

  it('4.42: asked, the cautious house keeps out of the fight and the standard one takes the default', () => {
    const view = rs.view(fresh(), { kind: 'role', role: 'confederate' })
    const q = {
      decisionId: 'GT1-D1',
      role: 'confederate',
      question: 'SUM is spotted in C11 by POWH',
      options: [
        { id: 'FIGHT', label: 'fight' },
        { id: 'ESCAPE', label: 'escape' },
      ],
      defaultOption: 'FIGHT',
    }
    const player = seaDevilsHouse(pack.content)
    const never = { below: () => 0 }
    expect(player.answer(view, q, 'cautious', never)).toBe('ESCAPE')
    expect(player.answer(view, q, 'standard', never)).toBe('FIGHT')
  })
})
