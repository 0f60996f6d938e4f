// A rules bug in round 2 (a table value fixed after the fact) is corrected by re-adjudicating
// from round 2: preview with per-reader diffs, commit, later rounds re-resolved, old results readable,
// `pbem verify` passing before and after. Shown on the fixture duel, whose card worths come from
// its data pack.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { lineDiff, pointOfTurn, readjudicate } from '../../src/engine/readjudicate.ts'
import type { DuelState } from '../games/fixtures/duel.ts'
import { history } from '../../src/reports/archive.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { outboxRowsAsync, readEvents, type TestApp } from '../helpers/app.ts'
import {
  callsAsync,
  createFixtureDuelAsync,
  loadAsync,
  readAsync,
  testAppAsync,
  verifyAsync,
} from '../helpers/asyncJudge.ts'
import { bothEngines } from '../pg/engines.ts'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

/** The corrected pack: every card worth twice its face (the printed table's values, say). */
const correctedPack = () => ({ worth: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, 2 * (i + 1)])) })

/** North's cards and their worth as his entry of one resolution tells them. */
function northsDraw(text: string): { cards: number[]; worth: number } {
  const m = /You cut at \d+ and draw ([\d, ]+), worth (\d+)\./.exec(text)!
  return { cards: m[1]!.split(', ').map(Number), worth: Number(m[2]) }
}

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  const GAME = 'fd1'
  // Played, re-adjudicated and read as the commands do it, on the async handle: `pbem game
  // readjudicate` runs readjudicate on a planning judge and writes its outcome in one batch.
  beforeEach(async () => {
    app = await testAppAsync('readjudicate', { database: engine.app() })
    await createFixtureDuelAsync(app, GAME)
    // Three rounds, both seats drawing every round: the game ends with round 3.
    for (const [north, south] of [
      ['DRAW 2', 'DRAW 1'],
      ['DRAW 3', 'DRAW 2'],
      ['DRAW 1', 'DRAW 1'],
    ]) {
      await calls((j) => j.submitOrders(GAME, 'north', north!))
      await calls((j) => j.submitOrders(GAME, 'south', south!))
      await calls((j) => j.adjudicate(GAME))
    }
    expect((await loadAsync(app, GAME)).finished).toBe(true)
  })
  const calls = <T>(fn: (j: Judge) => T) => callsAsync(app, GAME, fn)
  afterEach(() => app.cleanup())

  const points = async () => ((await loadAsync(app, GAME)).state as DuelState).points

  describe('re-adjudication', () => {
    it('previews per-reader diffs and mails them to the moderator only; nothing is recorded', async () => {
      const fold = await loadAsync(app, GAME)
      const version = fold.version
      const plan = await calls((j) =>
        readjudicate(
          j,
          { game: GAME, fromPoint: pointOfTurn(fold, 2), reason: 'the worth table was misprinted' },
          false,
        ),
      )
      expect(plan.changed).toBe(false)
      const fixed = await calls((j) =>
        readjudicate(
          j,
          {
            game: GAME,
            fromPoint: pointOfTurn(fold, 2),
            reason: 'the worth table was misprinted',
            pack: correctedPack(),
          },
          false,
        ),
      )
      expect(fixed.changed).toBe(true)
      expect((await loadAsync(app, GAME)).version).toBe(version)
      const north = fixed.diffs.find((d) => d.reader === 'north')!.diff
      const south = fixed.diffs.find((d) => d.reader === 'south')!.diff
      // North sees his draws' new worth; South sees his own and nothing of North's.
      const removed = /^- \[2\] (You cut at .*)$/m.exec(north)![1]!
      const added = /^\+ \[2\] (You cut at .*)$/m.exec(north)![1]!
      expect(northsDraw(added).cards).toEqual(northsDraw(removed).cards)
      expect(northsDraw(added).worth).toBe(2 * northsDraw(removed).worth)
      expect(south).toMatch(/^\+ \[2\] You cut at .*, worth \d+\.$/m)
      expect(south).not.toContain(added)
      expect(south).not.toContain(removed)
      const mails = (await outboxRowsAsync(app)).filter((r) => r.kind === 'preview')
      expect(mails.map((m) => m.recipient)).toEqual(['mod@example.test', 'mod@example.test'])
      expect(mails[1]!.mail.text).toMatch(/^PREVIEW \(nothing is recorded yet\)/m)
    })

    it('commits: later rounds re-resolved with the original dice, old results readable, verify passes before and after', async () => {
      const fold = await loadAsync(app, GAME)
      const old = (await points()).north
      expect(await verifyAsync(app, GAME)).toMatchObject({ ok: true })
      const plan = await calls((j) =>
        readjudicate(
          j,
          {
            game: GAME,
            fromPoint: pointOfTurn(fold, 2),
            reason: 'the worth table was misprinted',
            pack: correctedPack(),
          },
          true,
        ),
      )
      expect(plan.event.results.map((r) => r.point)).toEqual([2, 3])
      // Same secrets, same commitments: the dice are the ones published at the time.
      for (const r of plan.event.results)
        expect(r.secret).toBe(fold.adjudications.find((a) => a.data.point === r.point)!.data.secret)
      const after = await loadAsync(app, GAME)
      expect(after.adjudications.map((a) => [a.data.point, a.event.type])).toEqual([
        [1, 'TurnAdjudicated'],
        ...[2, 3].map((p) => [p, 'TurnReadjudicated']),
      ])
      expect(after.superseded.map((s) => s.data.point)).toEqual([2, 3])
      expect((await readEvents(app, `game:${GAME}`)).filter((e) => e.type === 'TurnAdjudicated')).toHaveLength(3)
      // Round 1 keeps its worth; the cards of rounds 2 and 3 now count twice their face.
      const northText = (p: number) =>
        after.adjudications
          .find((a) => a.data.point === p)!
          .data.narrative.find(
            (n) => /You cut at/.test(n.text) && n.audience.kind === 'roles' && n.audience.roles.includes('north'),
          )!.text
      const later = [2, 3].flatMap((p) => northsDraw(northText(p)).cards)
      expect((await points()).north).toBe(old + later.reduce((a, b) => a + b, 0))
      expect((await points()).north).toBeGreaterThan(old)
      expect(await verifyAsync(app, GAME)).toMatchObject({ ok: true, problems: [] })
      // Every reader is told, with their own diff.
      const corrections = (await outboxRowsAsync(app)).filter((r) => r.kind === 'correction')
      expect(corrections.map((c) => c.recipient).sort()).toEqual([
        'mod@example.test',
        'north@example.test',
        'south@example.test',
      ])
      const southNotice = corrections.find((c) => c.recipient === 'south@example.test')!.mail.text
      expect(southNotice).toContain('Reason: the worth table was misprinted')
      expect(southNotice).not.toContain(northText(3))
      // History now shows the results in force; the moderator's export still holds the old ones.
      const hist = await readAsync(app, [GAME], (j) => history(j, GAME, { kind: 'role', role: 'north' }))
      const shown = northsDraw(hist.find((h) => h.point === 3)!.text)
      expect(shown.worth).toBe(2 * shown.cards.reduce((a, b) => a + b, 0))
    })

    it('drops recorded orders the corrected situation makes illegal, and says so', async () => {
      // Amend South's round 1 to a pass: he sits out round 2, so his draw there no longer works.
      const plan = await calls((j) =>
        readjudicate(
          j,
          {
            game: GAME,
            fromPoint: 1,
            reason: 'a lost mail is restored',
            amendments: [{ point: 1, role: 'south', text: 'PASS' }],
          },
          true,
        ),
      )
      expect(plan.event.amendments).toEqual([
        { point: 1, role: 'south', normalised: ['PASS'], reason: 'a lost mail is restored' },
      ])
      expect(plan.event.illegal.map((i) => [i.point, i.role])).toEqual([[2, 'south']])
      expect(plan.diffs.find((d) => d.reader === 'south')!.diff).toMatch(
        /Your orders for resolution 2 .* are no longer legal and were not used: line \d+: round 2: south passed and sits out this round/,
      )
      expect(plan.diffs.find((d) => d.reader === 'north')!.diff).not.toMatch(/no longer legal/)
      const after = await loadAsync(app, GAME)
      // Round 3's draw stands: one card, where the record had South draw 1, 2 and 1.
      expect((after.state as DuelState).hands.south).toHaveLength(1)
      expect((await verifyAsync(app, GAME)).ok).toBe(true)
    })

    it('line diffs mark removed and added lines with context', () => {
      expect(lineDiff('a\nb\nc\nd', 'a\nB\nc\nd')).toBe('  a\n- b\n+ B\n  c')
      expect(lineDiff('same', 'same')).toBe('')
    })
  })
})
