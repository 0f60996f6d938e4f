// A rules bug in turn 2 (a table value fixed after the fact) is corrected by re-adjudicating
// from turn 2: preview with per-reader diffs, commit, later turns re-resolved, old results readable,
// `pbem verify` passing before and after.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openApp, type App } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo } from '../../src/cli/demo.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import { lineDiff, pointOfTurn, readjudicate } from '../../src/engine/readjudicate.ts'
import type { SdState } from '../../src/games/sea-devils/state.ts'
import { rawSeaDevilsPack } from '../../src/games/sea-devils/data/index.ts'
import { history } from '../../src/reports/archive.ts'
import { withParts } from '../../src/mail/outbound.ts'
import { bothEngines } from '../pg/engines.ts'

// Every case runs on both engines: the demo's judge.sqlite, and a fresh PostgreSQL
// database the demo is played into and the judge then opens.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let dir: string
  let app: App
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pbem-readj-'))
    const database = engine.app()
    const { dataDir } = await runDemo({ dir: join(dir, 'demo'), ...(database ? { database } : {}) })
    app = openApp({ dataDir, ...(database ? { database } : {}) })
  })
  afterEach(() => {
    app.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** The corrected pack: every raid result doubled (the printed table's values, say). */
  function correctedPack() {
    const pack = rawSeaDevilsPack() as { tables: { raid: { rows: number[][] } } }
    pack.tables.raid.rows = pack.tables.raid.rows.map((row) => row.map((v) => v * 2))
    return pack
  }

  const outbox = () =>
    app.db.prepare('SELECT recipient, kind, payload FROM outbox ORDER BY id').all() as {
      recipient: string
      kind: string
      payload: string
    }[]

  describe('re-adjudication', () => {
    it('previews per-reader diffs and mails them to the moderator only; nothing is recorded', () => {
      const fold = app.judge.load(DEMO_GAME)
      const version = fold.version
      const plan = readjudicate(
        app.judge,
        { game: DEMO_GAME, fromPoint: pointOfTurn(fold, 2), reason: 'the raid table was misprinted' },
        false,
      )
      expect(plan.changed).toBe(false)
      const fixed = readjudicate(
        app.judge,
        {
          game: DEMO_GAME,
          fromPoint: pointOfTurn(fold, 2),
          reason: 'the raid table was misprinted',
          pack: correctedPack(),
        },
        false,
      )
      expect(fixed.changed).toBe(true)
      expect(app.judge.load(DEMO_GAME).version).toBe(version)
      const reb = fixed.diffs.find((d) => d.reader === 'confederate')!.diff
      const fed = fixed.diffs.find((d) => d.reader === 'federal')!.diff
      // The Confederate sees his raids' new yields; the Federal sees the new losses and nothing more.
      expect(reb).toMatch(/^- \[5\.11\] SUM raids C16 .*: 16 merchant-marine points/m)
      expect(reb).toMatch(/^\+ \[5\.11\] SUM raids C16 .*: 32 merchant-marine points/m)
      expect(fed).toMatch(/^\+ \[5\.2\] Merchant losses reported: 32 points/m)
      expect(fed).not.toMatch(/SUM raids|C16/)
      const mails = outbox().filter((r) => r.kind === 'preview')
      expect(mails.map((m) => m.recipient)).toEqual(['moderator@judge.localhost', 'moderator@judge.localhost'])
      expect(withParts(app.db, JSON.parse(mails[1]!.payload)).text).toMatch(/^PREVIEW \(nothing is recorded yet\)/m)
    })

    it('commits: later turns re-resolved with the original dice, old results readable, verify passes before and after', () => {
      const fold = app.judge.load(DEMO_GAME)
      const oldVp = (fold.state as SdState).vp.csa
      expect(verifyGame(app.db, app.judge, DEMO_GAME)).toMatchObject({ ok: true })
      const plan = readjudicate(
        app.judge,
        {
          game: DEMO_GAME,
          fromPoint: pointOfTurn(fold, 2),
          reason: 'the raid table was misprinted',
          pack: correctedPack(),
        },
        true,
      )
      expect(plan.event.results.map((r) => r.point)).toEqual([2, 3, 4, 5, 6, 7])
      // Same secrets, same commitments: the dice are the ones published at the time.
      for (const r of plan.event.results)
        expect(r.secret).toBe(fold.adjudications.find((a) => a.data.point === r.point)!.data.secret)
      const after = app.judge.load(DEMO_GAME)
      expect(after.adjudications.map((a) => [a.data.point, a.event.type])).toEqual([
        [1, 'TurnAdjudicated'],
        ...[2, 3, 4, 5, 6, 7].map((p) => [p, 'TurnReadjudicated']),
      ])
      expect(after.superseded.map((s) => s.data.point)).toEqual([2, 3, 4, 5, 6, 7])
      expect(app.store.read(`game:${DEMO_GAME}`).filter((e) => e.type === 'TurnAdjudicated')).toHaveLength(7)
      const newVp = (after.state as SdState).vp.csa
      expect(newVp).toBeGreaterThan(oldVp)
      expect((after.state as SdState).mm).toBe(1247 - newVp)
      expect(verifyGame(app.db, app.judge, DEMO_GAME)).toMatchObject({ ok: true, problems: [] })
      // Every reader is told, with their own diff.
      const corrections = outbox().filter((r) => r.kind === 'correction')
      expect(corrections.map((c) => c.recipient).sort()).toEqual([
        'confederate@example.test',
        'federal@example.test',
        'moderator@judge.localhost',
      ])
      const fedNotice = withParts(
        app.db,
        JSON.parse(corrections.find((c) => c.recipient === 'federal@example.test')!.payload),
      ).text as string
      expect(fedNotice).toContain('Reason: the raid table was misprinted')
      expect(fedNotice).not.toMatch(/SUM raids/)
      // History now shows the results in force; the moderator's export still holds the old ones.
      const hist = history(app.judge, DEMO_GAME, { kind: 'role', role: 'confederate' })
      expect(hist.find((h) => h.point === 3)!.text).toMatch(/SUM raids C16 .*: 32 merchant-marine points/)
    })

    it('drops recorded orders the corrected situation makes illegal, and says so', () => {
      const fold = app.judge.load(DEMO_GAME)
      // Amend the Confederate's GT2 record so the Sumter stays in C22: his GT3 moves from C12 no longer work.
      const plan = readjudicate(
        app.judge,
        {
          game: DEMO_GAME,
          fromPoint: 3,
          reason: 'a lost mail is restored',
          amendments: [{ point: 3, role: 'confederate', text: 'SUM: STAY\nNASH: STAY' }],
        },
        true,
      )
      expect(plan.event.amendments).toEqual([
        { point: 3, role: 'confederate', normalised: ['SUM: STAY', 'NASH: STAY'], reason: 'a lost mail is restored' },
      ])
      // GT3's moves from C12 and GT4's refit in France no longer fit a Sumter that stayed in C22, and the
      // Federal's GT4 European blockade of C5 would now find no Confederate ship there (3.0 1C, checked on receipt).
      expect(plan.event.illegal.map((i) => [i.point, i.role])).toEqual([
        [5, 'confederate'],
        [6, 'federal'],
        [7, 'confederate'],
      ])
      expect(plan.diffs.find((d) => d.reader === 'confederate')!.diff).toMatch(
        /Your orders for resolution 5 .* are no longer legal and were not used: line \d+: D8 is not next to C22/,
      )
      const after = app.judge.load(DEMO_GAME)
      expect((after.state as SdState).csa.NASH!.status).toBe('map')
      expect(verifyGame(app.db, app.judge, DEMO_GAME).ok).toBe(true)
      void fold
    })

    it('line diffs mark removed and added lines with context', () => {
      expect(lineDiff('a\nb\nc\nd', 'a\nB\nc\nd')).toBe('  a\n- b\n+ B\n  c')
      expect(lineDiff('same', 'same')).toBe('')
    })
  })
})
