// A moderator's mail carrying PROCESS, PREVIEW, REPLACE or EJECT filed in the mail's one batch on
// the async store (src/mail/intakeWrites.ts, src/engine/planningJudge.ts), on both engines: no
// statement on PostgreSQL's synchronous driver, and the same events, letters and mail record as the
// same mail filed the synchronous way on a second judge with the same server and dice secrets. A
// resolution's next dice secret is written with the batch, so the next PROCESS resolves on it; a
// PROCESS mail racing the tick on the same game resolves it once, whichever writes first; inside an
// IMAP group the orders after a PROCESS go on the next point.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tickJobs } from '../../src/cli/app.ts'
import { commitmentOf } from '../../src/engine/dice.ts'
import { serverSecret } from '../../src/engine/secret.ts'
import { findSecretAsync } from '../../src/log/repos/secrets.ts'
import { verifyStreamAsync } from '../../src/log/verify.ts'
import { handleInbound, type IntakeDeps } from '../../src/mail/intake.ts'
import { type AsyncBatchFiling, type Fetched, fileTogether } from '../../src/mail/imapBatch.ts'
import { fileGroup, type GroupMessage, readForGroup } from '../../src/mail/intakeGroup.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { tickYielding } from '../../src/schedule/tick.ts'
import {
  createFixtureDuel,
  createWeakBeginning,
  outboxRowsAsync,
  readEvents,
  testApp,
  type TestApp,
} from '../helpers/app.ts'
import { clockProblems } from '../helpers/clock.ts'
import { bothEngines } from '../pg/engines.ts'
import { synchronousCalls } from '../pg/syncCalls.ts'

let count = 0
function eml(from: string, body: string, id = `modbatch-${++count}`): Buffer {
  const head = [
    `From: ${from}`,
    'To: orders@judge.example.test',
    'Subject: orders',
    `Message-ID: <${id}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ].join('\r\n')
  return Buffer.from(`${head}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`)
}

const MOD = 'mod@example.test'

describe.each(bothEngines())("a moderator's mail in one batch on $name", (engine) => {
  /** The judge filing on the async store, and one filing the same mail the synchronous way. */
  let app: TestApp
  let ref: TestApp
  beforeEach(() => {
    app = testApp('test', { database: engine.app() })
    ref = testApp('test', { database: engine.app(), serverSecret: serverSecret(app.db) })
    for (const a of [app, ref]) {
      createFixtureDuel(a)
      createWeakBeginning(a)
    }
  })
  afterEach(() => {
    app.cleanup()
    ref.cleanup()
  })

  const deps = (a: TestApp, batched = true): IntakeDeps => ({
    judge: a.judge,
    db: a.db,
    ...(batched ? { jobsDb: a.jobsDb } : {}),
    outbox: sqliteOutbox(a.db, a.clock),
    clock: a.clock,
  })
  const modMail = (game: string, body: string, id?: string) =>
    eml(MOD, `GAME ${game} MODERATOR\nKEY ${app.judge.moderatorKey(game)}\n${body}`, id)
  /** What a judge wrote: the game's events, the mail record, the letters queued. */
  const written = async (a: TestApp, game: string) => ({
    events: (await readEvents(a, `game:${game}`)).map((e) => ({ type: e.type, data: e.data, audience: e.audience })),
    mail: (await readEvents(a, 'system:mail')).map((e) => ({ type: e.type, data: e.data })),
    letters: (await outboxRowsAsync(a)).map((r) => ({
      to: r.recipient,
      kind: r.kind,
      subject: r.mail.subject,
      text: r.mail.text,
    })),
  })

  /**
   * Files `bodies` (one mail each) on both judges, the async one counted on PostgreSQL's synchronous
   * driver; what each wrote, and the statements counted. A STATUS first on both loads the intake's
   * modules and templates before counting.
   */
  async function fileBoth(game: string, bodies: string[]) {
    const mails = [modMail(game, 'STATUS', `warm-${game}`), ...bodies.map((b) => modMail(game, b))]
    for (const raw of mails) await handleInbound(raw, 'test', deps(ref, false))
    await handleInbound(mails[0]!, 'test', deps(app))
    const sync = synchronousCalls(engine.name)
    const outcomes: string[] = []
    for (const raw of mails.slice(1)) outcomes.push(await handleInbound(raw, 'test', deps(app)))
    const statements = sync.stop()
    return { outcomes, statements, batched: await written(app, game), synchronous: await written(ref, game) }
  }

  const types = async (a: TestApp, game: string) => (await readEvents(a, `game:${game}`)).map((e) => e.type)

  it("files PROCESS in one batch: the resolution's events, the next dice secret, clock row and letters", async () => {
    app.judge.submitOrders('fd1', 'north', 'DRAW 1')
    ref.judge.submitOrders('fd1', 'north', 'DRAW 1')
    const append = vi.spyOn(app.judge.o.store, 'append')
    const r = await fileBoth('fd1', ['PROCESS', 'PROCESS POINT 2'])
    expect(r.outcomes).toEqual(['command', 'command'])
    expect(r.statements).toEqual([])
    expect(append).not.toHaveBeenCalled()
    expect(r.batched).toEqual(r.synchronous)
    expect((await types(app, 'fd1')).filter((t) => t === 'TurnAdjudicated')).toHaveLength(2)
    const replies = r.batched.letters.filter((l) => l.kind === 'moderator').map((l) => l.text)
    expect(replies.at(-2)).toContain('PROCESS: round 1 resolved; the reports are on their way.')
    expect(replies.at(-1)).toContain('PROCESS: round 2 resolved')
    expect(r.batched.letters.filter((l) => l.kind === 'report').length).toBeGreaterThan(0)
    // The dice secret of point 3, drawn by the second PROCESS, was written with its commitment.
    const fold = app.judge.load('fd1', { check: true })
    expect(fold.point).toBe(3)
    expect(commitmentOf((await findSecretAsync(app.jobsDb, 'fd1', 'dice', 3))!)).toBe(fold.commitment)
    const kept = app.judge.load('fd1')
    expect([kept.version, kept.point, kept.commitment]).toEqual([fold.version, 3, fold.commitment])
    expect(kept.state).toEqual(fold.state)
    expect(app.judge.clock.read('fd1')?.version).toBe(fold.version)
    expect(clockProblems(app.judge)).toEqual([])
    expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
  })

  it('files the PROCESS that ends the game in one batch: the hidden-draw secret revealed, read ahead', async () => {
    const r = await fileBoth('fd1', ['PROCESS', 'PROCESS', 'PROCESS'])
    expect(r.outcomes).toEqual(['command', 'command', 'command'])
    expect(r.statements).toEqual([])
    expect(r.batched).toEqual(r.synchronous)
    const fold = app.judge.load('fd1', { check: true })
    expect(fold.finished).toBe(true)
    expect((await types(app, 'fd1')).slice(-3)).toEqual(['HiddenDrawRevealed', 'GameFinished', 'ReportsDispatched'])
    // Each point resolved with the dice secret written beside its commitment, two of them by the batch.
    for (const a of fold.adjudications)
      expect(await findSecretAsync(app.jobsDb, 'fd1', 'dice', a.data.point)).toBe(a.data.secret)
    expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
  })

  it('files PREVIEW in one batch: the preview mailed to the moderator, nothing appended to the game', async () => {
    app.judge.submitOrders('fd1', 'north', 'DRAW 2')
    ref.judge.submitOrders('fd1', 'north', 'DRAW 2')
    const version = app.judge.load('fd1').version
    const r = await fileBoth('fd1', ['PREVIEW'])
    expect(r.outcomes).toEqual(['command'])
    expect(r.statements).toEqual([])
    expect(r.batched).toEqual(r.synchronous)
    expect(app.judge.load('fd1', { check: true }).version).toBe(version)
    const preview = r.batched.letters.filter((l) => l.kind === 'preview')
    expect(preview.map((l) => [l.to, l.subject])).toEqual([[MOD, '[fd1] PREVIEW (nothing recorded): round 1']])
    expect(preview[0]!.text).toMatch(/^PREVIEW of resolution 1 .*NOTHING IS RECORDED/)
  })

  it('files REPLACE in one batch: the new seat and its key, the letters to the old and new players', async () => {
    const r = await fileBoth('fd1', ['REPLACE south davis@example.test Jefferson Davis'])
    expect(r.outcomes).toEqual(['command'])
    expect(r.statements).toEqual([])
    expect(r.batched).toEqual(r.synchronous)
    const fold = app.judge.load('fd1', { check: true })
    expect(fold.players.get('south')).toMatchObject({ address: 'davis@example.test', keyGeneration: 2 })
    const key = app.judge.keyFor('fd1', 'south')
    expect(app.judge.checkKey(fold, 'south', key)).toBe(true)
    const welcome = r.batched.letters.find((l) => l.to === 'davis@example.test')!
    expect(welcome.text).toContain(`Your key: ${key}.`)
    expect(r.batched.letters.filter((l) => l.to === 'south@example.test').at(-1)!.subject).toBe(
      '[fd1] You no longer play south',
    )
    expect(app.judge.clock.read('fd1')?.version).toBe(fold.version)
  })

  it('files REPLACE with a house seat in one batch, the house playing there, and a PROCESS after it', async () => {
    const r = await fileBoth('wb1', ['REPLACE confederate house:cautious', 'PROCESS'])
    expect(r.outcomes).toEqual(['command', 'command'])
    expect(r.statements).toEqual([])
    expect(r.batched).toEqual(r.synchronous)
    const fold = app.judge.load('wb1', { check: true })
    expect(fold.players.get('confederate')!.address).toBe('house:cautious')
    expect(await types(app, 'wb1')).toContain('PlayerReplaced')
    const replies = r.batched.letters.filter((l) => l.kind === 'moderator').map((l) => l.text)
    expect(replies.at(-2)).toContain('REPLACE: the house (cautious) took the confederate seat')
    expect(replies.at(-1)).toMatch(/PROCESS: .* resolved/)
    expect(await types(app, 'wb1')).toContain('TurnAdjudicated')
  })

  it('files EJECT in one batch: the seat vacant, its player and the others told', async () => {
    const r = await fileBoth('fd1', ['EJECT south abusive press'])
    expect(r.outcomes).toEqual(['command'])
    expect(r.statements).toEqual([])
    expect(r.batched).toEqual(r.synchronous)
    const fold = app.judge.load('fd1', { check: true })
    expect(fold.ejected.has('south')).toBe(true)
    expect(r.batched.letters.filter((l) => l.to === 'south@example.test').map((l) => l.subject)).toContain(
      '[fd1] You were removed from south',
    )
    expect(app.judge.clock.read('fd1')?.version).toBe(fold.version)
  })

  it.each(['mail', 'tick'])(
    'resolves once when a PROCESS POINT mail and the tick resolve the same game at once (the %s writes first)',
    async (first) => {
      app.judge.submitOrders('fd1', 'north', 'DRAW 1')
      app.judge.submitOrders('fd1', 'south', 'DRAW 1')
      const due = Date.parse(app.judge.load('fd1').deadline!.deadline) + 60_000
      app.now.t = due
      // Both decide on the game as it stands: the first writes once the other has decided too, and
      // the other's batch goes after it, finds the game moved on and is decided again.
      const batch = app.jobsDb.batch.bind(app.jobsDb)
      const signal = () => {
        let give = () => {}
        const given = new Promise<void>((resolve) => {
          give = resolve
        })
        return { give, given }
      }
      const decided = signal()
      const written = signal()
      vi.spyOn(app.jobsDb, 'batch').mockImplementation(async (steps) => {
        const mail = steps.some((s) => s.params?.includes('system:mail'))
        if ((mail ? 'mail' : 'tick') === first) {
          await decided.given
          const done = await batch(steps)
          written.give()
          return done
        }
        decided.give()
        await written.given
        return batch(steps)
      })
      const [filed, ticked] = await Promise.all([
        handleInbound(modMail('fd1', 'PROCESS POINT 1'), 'test', deps(app)),
        tickYielding(app.judge, new Date(due), { games: ['fd1'], recordTick: false, jobs: tickJobs(app) }),
      ])
      expect(filed).toBe('command')
      expect(ticked.games.filter((g) => g.committed)).toHaveLength(first === 'tick' ? 1 : 0)
      expect(ticked.games.find((g) => g.game === 'fd1')?.retries).toBe(first === 'mail' ? 1 : 0)
      const reply = (await outboxRowsAsync(app)).filter((r) => r.kind === 'moderator').at(-1)!.mail.text
      expect(reply).toContain(first === 'mail' ? 'PROCESS: round 1 resolved' : 'PROCESS: NOT DONE')
      const fold = app.judge.load('fd1', { check: true })
      expect(fold.adjudications.map((a) => a.data.point)).toEqual([1])
      expect(fold.point).toBe(2)
      expect(commitmentOf((await findSecretAsync(app.jobsDb, 'fd1', 'dice', 2))!)).toBe(fold.commitment)
      expect(app.judge.clock.read('fd1')?.version).toBe(fold.version)
      expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
    },
  )

  describe('a group of IMAP messages', () => {
    const orders = (n: number) =>
      eml('south@example.test', `GAME fd1 SOUTH\nKEY ${app.judge.keyFor('fd1', 'south')}\nDRAW ${n}`)
    const asyncFiling = (): AsyncBatchFiling<GroupMessage> => ({
      readAhead: (raw, source) => readForGroup(raw, source, deps(app)),
      fileAll: (read) => fileGroup(read, deps(app)),
    })
    const fetched = (raws: Buffer[]): Fetched[] =>
      raws.map((raw, i) => ({ uid: i + 1, source: `imap:INBOX:1:${i + 1}`, raw }))

    it("files a moderator's PROCESS in the group's one batch, the orders after it on the next point", async () => {
      app.judge.submitOrders('fd1', 'north', 'DRAW 1')
      const batch = vi.spyOn(app.jobsDb, 'batch')
      const group = fetched([orders(1), modMail('fd1', 'PROCESS'), orders(2)])
      const sync = synchronousCalls(engine.name)
      const filed = await fileTogether(asyncFiling(), group, () => false)
      expect(sync.stop()).toEqual([])
      expect(filed.map((h) => h.result)).toEqual(['orders-accepted', 'command', 'orders-accepted'])
      expect(batch).toHaveBeenCalledTimes(1)
      const fold = app.judge.load('fd1', { check: true })
      expect(fold.adjudications.map((a) => a.data.point)).toEqual([1])
      expect(fold.orders.get('south')?.receipt).toBe('fd1/2/south-1')
      expect(commitmentOf((await findSecretAsync(app.jobsDb, 'fd1', 'dice', 2))!)).toBe(fold.commitment)
      expect(app.judge.clock.read('fd1')?.version).toBe(fold.version)
      expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
    })

    it('ends at a command that writes beyond what the batch gathers: filed the synchronous way after on SQLite, refused naming the write on PostgreSQL', async () => {
      // No moderator command writes beyond the games' streams today: EJECT is made to, in a batch.
      const judge = app.judge
      const eject = judge.eject
      vi.spyOn(judge, 'eject').mockImplementation(function (this: typeof judge, game, role, opts) {
        if (this !== judge) this.o.store.append('system:elsewhere', 0, [])
        return eject.call(this, game, role, opts)
      })
      const mod = modMail('fd1', 'EJECT south')
      const group = fetched([orders(1), mod, orders(2)])
      expect((await fileTogether(asyncFiling(), group, () => false)).map((h) => h.uid)).toEqual([1])
      expect(app.judge.load('fd1', { check: true }).ejected.has('south')).toBe(false)
      if (engine.name === 'postgres') {
        // No synchronous driver is left to the judge there: the write is named, nothing is written.
        await expect(handleInbound(mod, 'test', deps(app))).rejects.toThrow(
          /^an append to system:elsewhere is beyond what a batch writes, and the decision is refused: the synchronous PostgreSQL driver is retired from the judge$/,
        )
        expect(app.judge.load('fd1', { check: true }).ejected.has('south')).toBe(false)
        return
      }
      const append = vi.spyOn(judge.o.store, 'append')
      expect(await handleInbound(mod, 'test', deps(app))).toBe('command')
      expect(append).toHaveBeenCalled()
      expect(app.judge.load('fd1', { check: true }).ejected.has('south')).toBe(true)
      expect(await handleInbound(group[2]!.raw, 'test', deps(app))).toBe('refused')
    })
  })
})
