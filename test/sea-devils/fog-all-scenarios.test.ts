// Hidden information (issue ruling R-INTEL) in every scenario, checked at EVERY resolution while the
// bots of test/golden/bots.ts play it through the real intake, tick and outbox: the Federal reader is
// never sent Confederate-only narrative, the Confederate orders, policies or key, an unspotted
// Confederate position or a face-down whaling value; the Confederate never sees the Federal movement
// held back between the two order deadlines. (test/sea-devils/fog-of-war.test.ts checks the same
// rules on the Weak Beginning demo mails.)
import { afterEach, describe, expect, it } from 'vitest'
import type { OrdersAccepted } from '../../src/engine/events.ts'
import type { NarrativeEntry } from '../../src/games/contract.ts'
import type { SdState } from '../../src/games/sea-devils/state.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { playPoint, type Seat } from '../golden/bots.ts'
import { seaDevilsFactory } from '../../src/games/sea-devils/index.ts'
import { seaDevilsMapModel } from '../../src/games/sea-devils/map.ts'
import type { SeaDevilsPack } from '../../src/games/sea-devils/pack.ts'
import { contextFor } from '../../src/games/sea-devils/state.ts'

const PACK = seaDevilsFactory.defaultPack().content as SeaDevilsPack

const SEATS: Seat[] = [
  { role: 'federal', address: 'fed@example.test', name: 'Fed' },
  { role: 'confederate', address: 'reb@example.test', name: 'Reb' },
]
/** Resolutions played per scenario: every one, the Campaign's sixteen turns included. */
const SCENARIOS: { id: string; points: number }[] = [
  { id: 'campaign', points: 99 },
  { id: 'weak-beginning', points: 99 },
  { id: 'greyhounds', points: 99 },
  { id: 'cresting-tide', points: 99 },
  { id: 'endgame', points: 99 },
]

const csaOnly = (n: NarrativeEntry) =>
  n.audience.kind === 'roles' && n.audience.roles.includes('confederate') && !n.audience.roles.includes('federal')
const visibleToFederal = (n: NarrativeEntry) =>
  n.audience.kind === 'public' || (n.audience.kind === 'roles' && n.audience.roles.includes('federal'))
const word = (s: string) => new RegExp(`(?<![\\w-])${s.replace(/[-]/g, '\\-')}(?![\\w-])`)

let app: TestApp | null = null
/** A report's text and HTML without the sections of the resolutions before `point` (a batch, reportBatch.ts). */
function withoutEarlier(mail: string, point: number): string {
  return mail
    .replace(/=== Resolution (\d+): [^\n]*===\n[\s\S]*?(?====)/g, (all, n) => (Number(n) < point ? '' : all))
    .replace(/<h2 class="resolution">Resolution (\d+): [\s\S]*?(?=<h2 class="resolution">)/g, (all, n) =>
      Number(n) < point ? '' : all,
    )
}

afterEach(() => {
  app?.cleanup()
  app = null
})

describe.each(SCENARIOS)('fog of war in $id, at every resolution', ({ id, points }) => {
  it("keeps each side's secrets", async () => {
    app = testApp(`fog-${id}`)
    const a = app
    const game = `fog-${id}`
    a.judge.createGame({ game, ruleset: 'sea-devils', scenario: id, players: SEATS, zone: 'America/New_York' })
    const key = a.judge.keyFor(game, 'confederate')
    let lastRow = 0
    let resolutions = 0
    let hidden = 0
    let heldBack = 0
    const csaOrderLines = new Set<string>()
    let secretsChecked = 0
    for (let i = 0; i < points && !a.judge.load(game).finished; i++) {
      const before = a.judge.load(game)
      const pending = (before.state as SdState).pendingFederal
      const r = await playPoint(a, game, SEATS, (ms) => (a.now.t += ms))
      expect(
        r.outcomes.every((o) => o === 'orders-accepted'),
        `${id}: ${r.outcomes.join(', ')}`,
      ).toBe(true)
      expect(r.committed).toEqual([game])
      resolutions++
      for (const l of (r.orders.confederate ?? '').split('\n'))
        if (/^[A-Z][A-Z0-9-]*: |^POLICY /.test(l)) csaOrderLines.add(l.trim())

      const fold = a.judge.load(game)
      const state = fold.state as SdState
      const ruleset = fold.ruleset
      const rows = outboxRows(a).filter((row) => row.id > lastRow)
      lastRow = Math.max(lastRow, ...rows.map((row) => row.id))
      const textOf = (row: (typeof rows)[number]) => `${row.mail.subject}\n${row.mail.text}\n${row.mail.html ?? ''}`
      const fedMail = rows.filter((row) => row.recipient === 'fed@example.test').map(textOf)
      const rebMail = rows.filter((row) => row.recipient === 'reb@example.test').map(textOf)
      expect(fedMail.length, `${id}: the Federal is mailed at each resolution`).toBeGreaterThan(0)
      const fedView = ruleset.view(state, { kind: 'role', role: 'federal' })
      const fedViewJson = JSON.stringify(fedView)

      // 1. No Confederate-only narrative entry (unless the very same words were also told to the Federal).
      const narrative = fold.adjudications.flatMap((x) => x.data.narrative)
      const toFederal = new Set(narrative.filter(visibleToFederal).map((n) => n.text))
      const secretLines = [...new Set(narrative.filter(csaOnly).map((n) => n.text))].filter((t) => !toFederal.has(t))
      for (const m of fedMail)
        for (const t of secretLines) expect(m, `${id} GT${state.turn}: Federal mail carries "${t}"`).not.toContain(t)
      for (const t of secretLines) expect(fedViewJson).not.toContain(t)
      secretsChecked = secretLines.length

      // 2. No Confederate order line, normalised order, policy or key.
      const normalised = [...fold.receipts.values()]
        .map((x) => x.data)
        .filter((d): d is OrdersAccepted => d.role === 'confederate' && 'normalised' in d)
        .flatMap((d) => d.normalised)
      for (const m of fedMail) {
        for (const n of normalised) expect(m, `${id}: Federal mail carries "${n}"`).not.toContain(n)
        for (const l of csaOrderLines) expect(m, `${id}: Federal mail carries "${l}"`).not.toContain(l)
        expect(m).not.toContain(key)
        expect(m).not.toMatch(/POLICY [A-Z-]+ ON SPOTTED|ON BLOCKADER/)
      }
      expect(fedViewJson).not.toContain(key)
      expect((fedView.standingOrders as string[]).some((p) => /SPOTTED/.test(p))).toBe(false)

      // 3. An unspotted Confederate position is in no Federal view, map or report line.
      const fedMap = seaDevilsMapModel(state, contextFor(PACK, state.scenario), { kind: 'role', role: 'federal' }, [])
      expect(ruleset.figures!(state, { kind: 'role', role: 'federal' }, [])[0]!.svg).toContain('<svg')
      const report = rows
        .filter((row) => row.recipient === 'fed@example.test' && row.kind === 'report')
        .map(textOf)
        .join('\n')
      for (const s of Object.values(state.csa)) {
        if (s.status !== 'map') continue
        if (s.knownToFederal !== null && s.knownToFederal.area === s.area) continue
        hidden++
        expect(fedViewJson).not.toMatch(new RegExp(`"id":"${s.id}"[^}]*"area":"${s.area}"`))
        for (const u of fedMap.units)
          if (u.area === s.area) expect(u.label, `${id}: map shows ${s.id} in ${s.area}`).not.toMatch(word(s.id))
        for (const line of report.split(/\n|<li>|<br\s*\/?>|<\/p>|<\/tr>/))
          if (word(s.id).test(line)) expect(line, `${id} GT${state.turn}: ${line}`).not.toMatch(word(s.area!))
      }

      // 4. Face-down whaling values are in no player view or mail.
      for (const viewer of [
        { kind: 'role', role: 'federal' },
        { kind: 'role', role: 'confederate' },
        { kind: 'observer' },
      ] as const) {
        const v = ruleset.view(state, viewer)
        expect(v.whalingValues).toBeUndefined()
        for (const [area, value] of Object.entries(state.whaling))
          expect(JSON.stringify(v)).not.toMatch(new RegExp(`"${area}":${value}\\b`))
      }
      for (const m of [...fedMail, ...rebMail]) {
        for (const area of Object.keys(state.whaling))
          expect(m).not.toMatch(new RegExp(`raids ${area} \\(whaling counter revealed`))
      }

      // A raid's revealed counter is the raider's news only (5.31).
      for (const m of fedMail) expect(m).not.toContain('whaling counter revealed')

      // 5. The Federal movement held back for Phase 3 is not shown to the Confederate.
      expect(ruleset.view(state, { kind: 'role', role: 'confederate' }).pendingFederal).toBeUndefined()
      expect(ruleset.view(state, { kind: 'observer' }).pendingFederal).toBeUndefined()
      if (state.pendingFederal && !pending) {
        for (const mv of state.pendingFederal.moves) {
          heldBack++
          // The check reads the right words: the Federal's own acknowledgement shows the move.
          expect(fedMail.some((m) => m.includes(`MOVE ${mv.ship} ${mv.path.join(' ')}`))).toBe(true)
          // A report that waited for the Confederate tells the earlier resolutions too: their
          // moves are old news, and the plan held back must be in none of what is new.
          for (const m of rebMail.map((x) => withoutEarlier(x, fold.point - 1))) {
            expect(m, `${id}: the Confederate learns ${mv.ship}'s move`).not.toContain(
              `MOVE ${mv.ship} ${mv.path.join(' ')}`,
            )
            expect(m).not.toContain(`${mv.ship} moves`)
            if (mv.path.length > 1) expect(m).not.toContain(mv.path.join(' -> '))
          }
        }
      }
    }
    expect(resolutions).toBeGreaterThan(1)
    expect(secretsChecked, `${id}: Confederate-only narrative to look for`).toBeGreaterThan(3)
    expect(csaOrderLines.size).toBeGreaterThan(3)
    expect(heldBack).toBeGreaterThan(3)
    if (id !== 'weak-beginning') expect(hidden, `${id}: unspotted positions to look for`).toBeGreaterThan(2)
    console.log(
      `${id}: ${resolutions} resolutions, ${hidden} hidden Confederate positions and ${heldBack} held-back Federal moves checked`,
    )
  }, 180_000)
})
