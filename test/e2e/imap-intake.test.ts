// IMAP intake against a real Dovecot + Postfix (scripts/mailstack.sh, own ports): order mails sent
// by SMTP to the judge's plus-address are read over IMAP, handed to the one intake, moved to
// Processed and checkpointed; crashes, restarts, a UIDVALIDITY change and dropped connections
// neither skip a message nor apply one twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inboundHandler, intakeFailureRecorder } from '../../src/cli/app.ts'
import { MAIL_STREAM } from '../../src/engine/events.ts'
import { ImapIntake, type ImapIntakeOptions } from '../../src/mail/imap.ts'
import { createWeakBeginning, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import {
  appendRaw,
  inbox,
  kick,
  renumberMailbox,
  sendAs,
  startMailstack,
  waitFor,
  type Mailstack,
} from './mailstack.ts'

const GAME = 'wbimap'
let ms: Mailstack
let app: TestApp
let keys: Record<string, string>
const outcomes: { uid: number; result: unknown }[] = []
const running: ImapIntake[] = []

beforeAll(async () => {
  ms = await startMailstack({ basePort: 20100 })
  app = testApp('imap-e2e')
  keys = createWeakBeginning(app, GAME).keys
}, 300_000)

afterAll(async () => {
  for (const i of running) await i.stop()
  app?.cleanup()
  await ms?.stop()
}, 60_000)

function intake(extra: Partial<ImapIntakeOptions> = {}): ImapIntake {
  const i = new ImapIntake({
    host: ms.imap.host,
    port: ms.imap.port,
    tls: 'none',
    user: 'judge',
    pass: 'judge-pw',
    db: app.jobsDb,
    handler: inboundHandler(app),
    pollMs: 60_000, // new mail must be noticed by IDLE, not by the poll
    backoffMs: { initial: 200, max: 2000 },
    log: process.env.DEBUG_IMAP ? (l) => console.log(l) : undefined,
    onHandled: (h) => outcomes.push({ uid: h.uid, result: h.result }),
    ...extra,
  })
  running.push(i)
  return i
}

const replyAddress = () => `judge+${GAME}.confederate.${keys.confederate}@example.test`
const sendOrders = (note: string) =>
  sendAs('reb@example.test', replyAddress(), `orders ${note}`, `# ${note}\nSUM: STAY\n`)

/** MailReceived events of the system stream, by Message-ID. */
function received(): Map<string, number> {
  const m = new Map<string, number>()
  for (const e of app.store.read(MAIL_STREAM)) {
    const id = (e.data as { messageId: string }).messageId
    m.set(id, (m.get(id) ?? 0) + 1)
  }
  return m
}

function expectEachOnce(ids: string[]): void {
  const r = received()
  for (const id of ids) expect(r.get(id), `MailReceived for ${id}`).toBe(1)
  expect([...r.values()].every((n) => n === 1)).toBe(true)
}

const allIds: string[] = []

describe('IMAP intake (real Dovecot + Postfix)', () => {
  it('reads new mail (noticed by IDLE), files it, moves it to Processed and checkpoints', async () => {
    const first = await sendOrders('first')
    allIds.push(first)
    await waitFor(async () => (await inbox('judge')).length === 1, 5000, 'delivery to the judge')
    const i = intake()
    await i.start()
    expect(i.connected).toBe(true)
    expect(outcomes.map((o) => o.result)).toEqual(['orders-accepted'])
    expect(await inbox('judge')).toEqual([])
    const processed = await inbox('judge', 'Processed')
    expect(processed.map((m) => m.messageId)).toEqual([first])
    expect(await i.checkpoint()).toMatchObject({ lastUid: outcomes[0]!.uid })
    expect(app.judge.load(GAME).orders.get('confederate')?.authenticatedBy).toBe('address-key')
    const seen = app.db.prepare('SELECT source, outcome FROM mail_seen WHERE message_id = ?').get(first) as {
      source: string
      outcome: string
    }
    expect(seen.source).toMatch(/^imap:INBOX:\d+:\d+$/)

    // while it idles, a new message is taken within seconds although the poll is a minute away
    const sentAt = Date.now()
    const second = await sendOrders('second')
    allIds.push(second)
    await waitFor(() => outcomes.length === 2, 8000, 'second message handled')
    expect(Date.now() - sentAt).toBeLessThan(8000)
    expect((await inbox('judge', 'Processed')).map((m) => m.messageId)).toEqual([first, second])
    expect((await i.checkpoint())!.lastUid).toBe(outcomes[1]!.uid)
    await i.stop()
    expectEachOnce(allIds)
  })

  it('after a crash between commit and move, a restart skips nothing and applies nothing twice', async () => {
    outcomes.length = 0
    const sent = [await sendOrders('r1'), await sendOrders('r2'), await sendOrders('r3')]
    await waitFor(async () => (await inbox('judge')).length === 3, 5000, 'delivery of three messages')
    // Postfix may deliver the three in another order than they were sent: the mailbox's order is the one read.
    const delivered = await inbox('judge')
    const uids = delivered.map((m) => m.uid)
    const ids = delivered.map((m) => m.messageId)
    expect([...ids].sort()).toEqual([...sent].sort())

    // the process "dies" right after the intake committed the second message, before its MOVE
    let crashed = false
    const doomed = intake({
      beforeMove: (uid) => {
        if (uid === uids[1]) {
          crashed = true
          throw new Error('simulated crash')
        }
      },
    })
    await doomed.start()
    await doomed.stop()
    expect(crashed).toBe(true)
    expect(outcomes.map((o) => o.result)).toEqual(['orders-accepted'])
    expect((await doomed.checkpoint())!.lastUid).toBe(uids[0])
    expect((await inbox('judge')).map((m) => m.messageId)).toEqual([ids[1], ids[2]])
    expectEachOnce([...allIds, ids[0]!, ids[1]!]) // the second message is on file once although it is still in INBOX
    expect(received().has(ids[2]!)).toBe(false)
    allIds.push(...ids)

    // restart: the second message comes round again and is absorbed, the third is applied
    outcomes.length = 0
    const restarted = intake()
    await restarted.start()
    expect(outcomes.map((o) => o.result)).toEqual(['duplicate', 'orders-accepted'])
    expect(await inbox('judge')).toEqual([])
    expect((await inbox('judge', 'Processed')).map((m) => m.messageId).slice(-3)).toEqual(ids)
    expect((await restarted.checkpoint())!.lastUid).toBe(uids[2])
    await restarted.stop()
    expectEachOnce(allIds)

    // a checkpoint older than the mailbox (a crash between MOVE and checkpoint) changes nothing
    app.db.prepare('UPDATE imap_checkpoint SET last_uid = 0').run()
    outcomes.length = 0
    const again = intake()
    await again.start()
    await again.stop()
    expect(outcomes).toEqual([])
    expectEachOnce(allIds)
    app.db.prepare('UPDATE imap_checkpoint SET last_uid = ?').run(uids[2])
  })

  it('survives a UIDVALIDITY change: the renumbered mailbox is read from the start', async () => {
    outcomes.length = 0
    const before = app.db.prepare('SELECT uidvalidity, last_uid FROM imap_checkpoint').get() as {
      uidvalidity: string
      last_uid: number
    }
    expect(before.last_uid).toBeGreaterThanOrEqual(5)
    // one message already taken comes back (say, restored from a backup) and one is new
    const old = (await inbox('judge', 'Processed'))[0]!
    await appendRaw('judge', old.raw)
    const fresh = await sendOrders('after renumbering')
    allIds.push(fresh)
    await waitFor(async () => (await inbox('judge')).length === 2, 5000, 'two messages in INBOX')
    const validity = await renumberMailbox('judge')
    expect(validity).not.toBe(before.uidvalidity)
    const now = await inbox('judge')
    expect(now.map((m) => m.uid)).toEqual([1, 2]) // below the old checkpoint: a UID-only reader would skip them
    expect(now.map((m) => m.messageId).sort()).toEqual([old.messageId, fresh].sort())

    const i = intake()
    await i.start()
    await i.stop()
    expect(outcomes.map((o) => String(o.result)).sort()).toEqual(['duplicate', 'orders-accepted'])
    expect(await inbox('judge')).toEqual([])
    expect(await i.checkpoint()).toMatchObject({ uidValidity: validity, lastUid: 2 })
    expectEachOnce(allIds)
  })

  it('recovers from dropped connections, while idle and in the middle of a batch', async () => {
    outcomes.length = 0
    const i = intake()
    await i.start()
    expect(i.connections).toBe(1)

    // the server drops the idle session: the intake reconnects and still notices new mail
    await kick('judge')
    await waitFor(() => i.connections >= 2 && i.connected, 10_000, 'reconnect after kick')
    const idle = await sendOrders('after a kick')
    allIds.push(idle)
    await waitFor(() => outcomes.length === 1, 10_000, 'message after reconnect')
    expect(outcomes[0]!.result).toBe('orders-accepted')

    // the connection drops between the commit of a message and its MOVE, mid-batch
    await i.stop()
    outcomes.length = 0
    const sent = [await sendOrders('b1'), await sendOrders('b2'), await sendOrders('b3')]
    allIds.push(...sent)
    await waitFor(async () => (await inbox('judge')).length === 3, 5000, 'delivery of the batch')
    const ids = (await inbox('judge')).map((m) => m.messageId)
    let kicked = false
    const j = intake({
      beforeMove: async () => {
        if (kicked) return
        kicked = true
        await kick('judge')
        await new Promise((r) => setTimeout(r, 200))
      },
    })
    await j.start()
    await waitFor(() => outcomes.length >= 3 && j.connected, 15_000, 'batch finished after reconnect')
    expect(kicked).toBe(true)
    expect(j.connections).toBeGreaterThanOrEqual(2)
    // The batch was filed, then its one MOVE failed with the connection: after the reconnect all
    // three come round again and are absorbed (onHandled reports a message only once it has been moved)
    expect(outcomes.map((o) => o.result)).toEqual(['duplicate', 'duplicate', 'duplicate'])
    expect(await inbox('judge')).toEqual([])
    expect((await inbox('judge', 'Processed')).map((m) => m.messageId).slice(-3)).toEqual(ids)
    await j.stop()
    expectEachOnce(allIds)
    expect(app.judge.load(GAME).receipts.size).toBe(allIds.length)
  })

  it('keeps the order when the intake fails on a message, and parks it in Failed after maxAttempts', async () => {
    outcomes.length = 0
    const poison = await sendAs('reb@example.test', replyAddress(), 'poison', 'POISON\n')
    const after = await sendOrders('after the poison')
    await waitFor(async () => (await inbox('judge')).length === 2, 5000, 'delivery of two messages')
    const handle = inboundHandler(app)
    let tries = 0
    const i = intake({
      maxAttempts: 3,
      handler: async (raw, source) => {
        if (raw.toString('latin1').includes('POISON')) {
          tries++
          throw new Error('cannot read this')
        }
        return handle(raw, source)
      },
    })
    await i.start()
    expect(tries).toBe(1)
    expect(outcomes).toEqual([]) // the later message waits: a later order set must not be overtaken
    await waitFor(() => outcomes.length === 1, 15_000, 'the later message, after the poison was parked')
    expect(tries).toBe(3)
    expect((await inbox('judge', 'Failed')).map((m) => m.messageId)).toEqual([poison])
    expect(await inbox('judge')).toEqual([])
    expect(received().has(poison)).toBe(false)
    allIds.push(after)
    expectEachOnce(allIds)
    await i.stop()
  })

  it('waits out a locked database however often it fails, never counting it as a try', async () => {
    outcomes.length = 0
    const id = await sendOrders('while the database is locked')
    await waitFor(async () => (await inbox('judge')).length === 1, 5000, 'delivery')
    const handle = inboundHandler(app)
    let locked = 5
    const i = intake({
      maxAttempts: 2,
      backoffMs: { initial: 50, max: 100 },
      handler: async (raw, source) => {
        if (locked-- > 0) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
        return handle(raw, source)
      },
    })
    await i.start()
    await waitFor(() => outcomes.length === 1, 20_000, 'the message, once the database is free')
    expect(outcomes[0]!.result).toBe('orders-accepted')
    expect(await inbox('judge', 'Failed')).toHaveLength(1) // only the earlier poison
    allIds.push(id)
    expectEachOnce(allIds)
    await i.stop()
  })

  it('records a message it parks in Failed, and tells its sender and the moderator', async () => {
    outcomes.length = 0
    const poison = await sendAs('reb@example.test', replyAddress(), 'poison again', 'POISON\n')
    await waitFor(async () => (await inbox('judge')).length === 1, 5000, 'delivery')
    const i = intake({
      maxAttempts: 1,
      handler: async () => Promise.reject(new TypeError('the judge tripped over this message')),
      onPermanentFailure: intakeFailureRecorder(app),
    })
    await i.start()
    await waitFor(async () => (await inbox('judge', 'Failed')).length === 2, 15_000, 'the poison parked')
    const record = app.store.read(MAIL_STREAM).find((e) => (e.data as { messageId: string }).messageId === poison)
    expect(record?.data).toMatchObject({ outcome: 'failed' })
    const told = outboxRows(app).filter((r) => r.mail.inReplyTo === poison || r.mail.text.includes(poison))
    expect(told.map((r) => r.recipient).sort()).toEqual(['mod@example.test', 'reb@example.test'])
    await i.stop()
  })
})
