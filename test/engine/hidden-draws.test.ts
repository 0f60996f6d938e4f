// Rolls only one side may see are hidden draws. They come from the
// game's hidden-draw secret (committed at creation, revealed when the game ends), numbered apart
// from the published rolls, so the secret a report publishes tells the other side nothing about
// them, not even how many there were. Shown on the fixture duel, where each seat's cut is a hidden
// draw only that seat sees.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyDice } from '../../src/engine/audit.ts'
import { DICE_ALGORITHM_V1, pointDice, verifyHiddenRolls } from '../../src/engine/dice.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { redactedEvents } from '../../src/reports/archive.ts'
import { outboxRowsAsync, readEvents, type TestApp } from '../helpers/app.ts'
import { callsAsync, createFixtureDuelAsync, loadAsync, readAsync, testAppAsync } from '../helpers/asyncJudge.ts'
import { bothEngines } from '../pg/engines.ts'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  // The judge driven as the commands drive it, on its async handle.
  beforeEach(async () => {
    app = await testAppAsync('hidden-draws', { database: engine.app() })
    await createFixtureDuelAsync(app)
    // Only South draws: North sends nothing, so every hidden draw of the point is South's.
    await callsAsync(app, 'fd1', (j) => j.submitOrders('fd1', 'south', 'DRAW 3'))
    await callsAsync(app, 'fd1', (j) => j.adjudicate('fd1'))
  })
  afterEach(() => app.cleanup())

  const results = async () =>
    (await readEvents(app, 'game:fd1'))
      .filter((e) => e.type === 'TurnAdjudicated')
      .map((e) => e.data as TurnAdjudicated)
  const hiddenSecret = async () =>
    (await app.jobsDb.get<{ secret: string }>("SELECT secret FROM secrets WHERE game = 'fd1' AND purpose = 'hidden'"))!
      .secret

  describe('hidden draws', () => {
    it('a roll for one side only is a hidden draw; the published rolls are all public and numbered without gaps', async () => {
      const [first] = await results()
      expect(first!.hiddenRolls?.length).toBeGreaterThan(0)
      for (const r of first!.hiddenRolls!) expect(r.audience).toEqual({ kind: 'roles', roles: ['south'] })
      expect(first!.rolls.every((r) => r.audience.kind === 'public')).toBe(true)
      expect(first!.rolls.map((r) => r.index)).toEqual(first!.rolls.map((_, i) => i))
      // The cut's entry cites its die among the hidden draws.
      const cut = first!.narrative.find((n) => /You cut at/.test(n.text))!
      expect(cut.hiddenRolls?.length).toBeGreaterThan(0)
      expect(cut.rolls ?? []).toEqual([])
    })

    it('come from the hidden-draw secret, not the point secret every report publishes', async () => {
      const [first] = await results()
      const committed = (await readEvents(app, 'game:fd1')).find((e) => e.type === 'HiddenDrawCommitted')!.data
      const secret = await hiddenSecret()
      expect(
        verifyHiddenRolls(secret, committed.commitment, 'fd1', first!.point, first!.salt, first!.hiddenRolls!),
      ).toBeNull()
      const forged = first!.hiddenRolls!.map((r) => ({ ...r, value: (r.value % r.sides) + 1 }))
      expect(verifyHiddenRolls(secret, committed.commitment, 'fd1', first!.point, first!.salt, forged)).toMatch(
        /recomputes to/,
      )
      expect(verifyHiddenRolls(first!.secret, committed.commitment, 'fd1', first!.point, first!.salt, [])).toMatch(
        /does not match the commitment/,
      )
    })

    it('the other side sees neither the draws nor their number; the side they belong to sees them, sealed', async () => {
      const reports = (await outboxRowsAsync(app)).filter((r) => r.kind === 'report')
      const last = (to: string) => reports.filter((r) => r.recipient === to).at(-1)!.mail
      const north = last('north@example.test')
      const south = last('south@example.test')
      // (The game's own title, Hidden Deck, is the one "hidden" the other side's report may hold.)
      expect(north.text.replaceAll('Hidden Deck', '')).not.toMatch(/hidden/i)
      expect(north.text).not.toMatch(/You cut at/)
      expect(south.text).toMatch(/Hidden draws you may see \(\d+\)/)
      expect(south.text).toMatch(/hidden #0 /)
      const northExport = JSON.stringify(
        await readAsync(app, ['fd1'], (j) => redactedEvents(j, 'fd1', { kind: 'role', role: 'north' })),
      )
      expect(northExport).not.toMatch(/"hiddenRolls":\[\{/)
      expect(northExport).not.toMatch(/stateHash/)
      const southExport = JSON.stringify(
        await readAsync(app, ['fd1'], (j) => redactedEvents(j, 'fd1', { kind: 'role', role: 'south' })),
      )
      expect(southExport).toMatch(/"hiddenRolls":\[\{/)
    })

    it('dice verify says they are sealed while the game runs, and checks them once the secret is revealed', async () => {
      const dice = () => readAsync(app, ['fd1'], (j) => verifyDice(j, 'fd1'))
      expect((await dice()).lines.join('\n')).toMatch(/hidden draws: \d+ sealed until the game ends/)
      for (let i = 0; i < 20 && !(await loadAsync(app, 'fd1')).finished; i++)
        await callsAsync(app, 'fd1', (j) => j.adjudicate('fd1', { force: true }))
      expect((await loadAsync(app, 'fd1')).finished).toBe(true)
      const report = await dice()
      expect(report.ok).toBe(true)
      expect(report.lines.join('\n')).toMatch(/\d+ hidden draw\(s\) reproduced/)
      expect(report.lines.join('\n')).toMatch(/matches the commitment made at its creation/)
      expect(report.lines.join('\n')).not.toMatch(/sealed/)
    })

    it('points committed under the first algorithm keep every roll in the published record (old games re-fold)', () => {
      const spec = { secret: 'ab'.repeat(32), game: 'g', point: 1, salt: '' }
      const v1 = pointDice({ ...spec, algorithm: DICE_ALGORITHM_V1 }, 'cd'.repeat(32))
      v1.roll('search', 6, { kind: 'roles', roles: ['confederate'] })
      expect([v1.rolls.length, v1.hiddenRolls.length]).toEqual([1, 0])
      const v2 = pointDice({ ...spec, algorithm: 'hmac-sha256-rejection-v2' }, 'cd'.repeat(32))
      v2.roll('search', 6, { kind: 'roles', roles: ['confederate'] })
      v2.roll('combat', 6, { kind: 'public' })
      expect([v2.rolls.length, v2.hiddenRolls.length]).toEqual([1, 1])
      expect(v2.rolls[0]!.index).toBe(0)
    })
  })
})
