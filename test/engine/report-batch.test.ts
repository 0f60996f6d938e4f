// Reports in batches (src/engine/reportBatch.ts), on Rebel Raiders, whose turn is four phases and
// each side is asked in two: a side's report of a phase that asks nothing of it waits for the next
// mail that does, and goes in it under its own heading; what waits survives the judge stopping; a
// report that waited is still only its reader's.
import { rmSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { openApp } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import { gameStream, type TurnAdjudicated } from '../../src/engine/events.ts'
import type { GameFold } from '../../src/engine/gameFold.ts'
import { dispatchOf, heldBefore } from '../../src/engine/reportBatch.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { outboxRows, type TestApp, testApp } from '../helpers/app.ts'

const SECRET = 'b'.repeat(64)

function newGame(): TestApp {
  const app = testApp('batch', { serverSecret: SECRET })
  app.judge.createGame({
    game: 'rr1',
    ruleset: 'rebel-raiders',
    scenario: '1861',
    players: [
      { role: 'confederate', address: 'csa@example.test', name: 'Mallory' },
      { role: 'union', address: 'usa@example.test', name: 'Welles' },
    ],
    zone: 'UTC',
  })
  return app
}

/** The judge stopped and started again on the same data folder: a new process's view of the same database. */
function restarted(app: TestApp): TestApp {
  app.close()
  const again = openApp({
    dataDir: app.dirs.data,
    clock: () => new Date(app.now.t),
    newSecret: demoSecret('batch'),
    moderatorAddress: 'mod@example.test',
    mailDomain: 'judge.example.test',
    secret: { value: SECRET },
  })
  const cleanup = () => {
    again.close()
    rmSync(app.dirs.data, { recursive: true, force: true })
  }
  return Object.assign(again, { now: app.now, cleanup })
}

/** Resolves the open phase with no orders (the bots' orders are no matter here). */
function resolvePhase(app: TestApp): void {
  app.now.t += 3_600_000
  expect(app.judge.adjudicate('rr1', { force: true }).committed).toBe(true)
}

const reports = (app: TestApp, to: string) => outboxRows(app).filter((r) => r.kind === 'report' && r.recipient === to)

describe('reports in batches', () => {
  it("hold a phase's report for the side it asks nothing of, and send it with the next call to that side, across a restart", () => {
    let app = newGame()
    try {
      expect((app.judge.load('rr1').state as RrState).phase).toBe('csa-move')
      // The opening goes to everyone.
      expect(reports(app, 'usa@example.test')).toHaveLength(1)
      resolvePhase(app) // csa-move: the Confederate build is next, the Union is asked nothing
      expect(reports(app, 'csa@example.test').map((r) => r.mail.messageId)).toContain(
        'report.rr1.r1.confederate@judge.example.test',
      )
      expect(reports(app, 'usa@example.test')).toHaveLength(1)
      expect(reports(app, 'mod@example.test')).toHaveLength(1)
      const marks = app.store.read(gameStream('rr1')).filter((e) => e.type === 'ReportsDispatched')
      expect(marks.map((e) => e.data)).toEqual([
        { point: 1, turn: 1, sent: ['confederate'], held: ['union', 'moderator'] },
      ])
      app = restarted(app)
      resolvePhase(app) // csa-build: the Union move is next
      const usa = reports(app, 'usa@example.test')
      expect(usa).toHaveLength(2)
      const batch = usa[1]!.mail
      expect(batch.messageId).toBe('report.rr1.r2.union@judge.example.test')
      expect(batch.subject).toBe(
        '[rr1] Results: Apr 1861: Confederate move and supply to Apr 1861: Confederate build (union)',
      )
      // Both phases, in order, each under its heading, then the situation once.
      const one = batch.text.indexOf('=== Resolution 1: Apr 1861: Confederate move and supply ===')
      const two = batch.text.indexOf('=== Resolution 2: Apr 1861: Confederate build ===')
      const now = batch.text.indexOf('=== THE SITUATION NOW ===')
      expect(one).toBeGreaterThan(0)
      expect(two).toBeGreaterThan(one)
      expect(now).toBeGreaterThan(two)
      expect(batch.text.match(/^SITUATION: /gm)).toHaveLength(1)
      expect(batch.html).toContain('<h2 class="resolution">Resolution 1: Apr 1861: Confederate move and supply</h2>')
      // The Confederate, asked again only in the next turn, has had his report of the move and waits for the rest.
      expect(reports(app, 'csa@example.test')).toHaveLength(2)
    } finally {
      app.cleanup()
    }
  })

  it("keep a waiting report its reader's: the cards the Confederacy draws never reach the Union in a batch", () => {
    const app = newGame()
    try {
      resolvePhase(app)
      resolvePhase(app)
      const fold = app.judge.load('rr1')
      const drawn = fold.adjudications[0]!.data.narrative.filter((n) => n.audience.kind === 'roles')
      expect(
        drawn.length,
        'the Confederate move draws cards for the build, seen by the Confederacy only',
      ).toBeGreaterThan(0)
      const csaText = reports(app, 'csa@example.test').at(-1)!.mail.text
      const usa = reports(app, 'usa@example.test').at(-1)!.mail
      for (const n of drawn) {
        expect(csaText).toContain(n.text)
        expect(usa.text).not.toContain(n.text)
        expect(usa.html).not.toContain(n.text.slice(0, 30))
      }
    } finally {
      app.cleanup()
    }
  })

  it('send the moderator one report a game turn, and every reader the last one', () => {
    const app = newGame()
    try {
      for (let i = 0; i < 4; i++) resolvePhase(app)
      const mod = reports(app, 'mod@example.test')
      expect(mod.map((r) => r.mail.messageId)).toEqual([
        'report.rr1.r0.moderator@judge.example.test',
        'report.rr1.r4.moderator@judge.example.test',
      ])
      expect(mod[1]!.mail.text).toContain('results of resolutions 1 to 4, in order below')
      // Each side: the opening, then two in the turn.
      expect(reports(app, 'csa@example.test')).toHaveLength(3)
      expect(reports(app, 'usa@example.test')).toHaveLength(3)
    } finally {
      app.cleanup()
    }
  })
})

describe('whose report goes (dispatchOf) and what a question takes first (heldBefore)', () => {
  // A game of two phases a turn: 'a' is asked in phase 1, 'b' in phase 2; the state is [turn, phase].
  const ruleset = {
    awaiting: ([, phase]: [number, number]) => [
      { kind: 'orders', role: phase === 1 ? 'a' : 'b', label: `phase ${phase}` },
      { kind: 'orders', role: phase === 1 ? 'b' : 'a', label: 'standing orders', optional: true },
    ],
    turnOf: ([turn]: [number, number]) => turn,
  }
  const adjudication = (point: number, turn: number) => ({ point, turn, label: `r${point}` }) as TurnAdjudicated
  const fold = (held: [string, number][], last: [string, number, number][], points: number) =>
    ({
      ruleset,
      reportsHeld: new Map(held),
      lastReported: new Map(last.map(([r, point, turn]) => [r, { point, turn }])),
      adjudications: Array.from({ length: points }, (_, i) => ({ data: adjudication(i + 1, Math.ceil((i + 1) / 2)) })),
    }) as unknown as GameFold

  it('sends to whom the next phase asks, holds the rest; optional orders are no call to act', () => {
    const f = fold([], [], 0)
    expect(dispatchOf(f, ['a', 'b', null], 1, 1, { state: [1, 2], finished: false })).toEqual({
      point: 1,
      turn: 1,
      sent: ['b'],
      held: ['a', 'moderator'],
    })
  })

  it('at the end of a turn: the moderator, and a player who had no report in it; at the end of the game: everyone', () => {
    const mailed = fold([['a', 1]], [['b', 1, 1]], 1)
    expect(dispatchOf(mailed, ['a', 'b', null], 2, 1, { state: [2, 1], finished: false }).sent).toEqual([
      'a',
      'moderator',
    ])
    // Above 'b' waits: he had a report in turn 1. Here he had none in it, so the turn's end brings him one.
    const quiet = fold([['b', 1]], [['a', 0, 0]], 1)
    expect(dispatchOf(quiet, ['a', 'b', null], 2, 1, { state: [2, 1], finished: false }).sent).toEqual([
      'a',
      'b',
      'moderator',
    ])
    expect(dispatchOf(mailed, ['a', 'b', null], 2, 1, { state: [1, 2], finished: true }).held).toEqual([])
  })

  it('a question takes the reports waiting for its player, in order, and marks them sent', () => {
    const f = fold([['a', 2]], [], 3)
    expect(heldBefore(f, 'a')).toEqual({
      covered: [adjudication(2, 1), adjudication(3, 2)],
      mark: { point: 3, turn: 2, sent: ['a'], held: [] },
    })
    expect(heldBefore(f, 'b')).toBeNull()
  })
})
