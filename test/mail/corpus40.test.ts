// The intake against a corpus of real-world-shaped messages (test/mail/corpus40/*.eml), fed in
// order into one fixture duel (test/games/fixtures/duel.ts); expected.json says what must become of each.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryFailures } from '../../src/mail/bounces.ts'
import { handleInbound, type IntakeDeps } from '../../src/mail/intake.ts'
import { sha256Hex } from '../../src/mail/inbound.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

interface Expected {
  file: string
  shape: string
  outcome: string
  role?: string
  receipt?: string
  source?: 'body' | 'attachment' | 'html'
  detail?: string
  onFile?: Record<string, string[] | null>
  replies?: { to: string; contains: string }[]
  duplicateOf?: string
  deliveryFailed?: Record<string, unknown>
}

const dir = new URL('./corpus40/', import.meta.url)
const spec = JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8')) as {
  game: string
  maxBytes: number
  clockStepMinutes: number
  messages: Expected[]
}

let app: TestApp
let keys: Record<string, string>
let deps: IntakeDeps
const load = (file: string): Buffer => {
  // the placeholders are ASCII, so a latin1 round trip keeps every other byte as it is
  const text = readFileSync(new URL(file, dir))
    .toString('latin1')
    .replace(/\{\{KEY:([a-z]+)\}\}/g, (_, role: string) => keys[role]!)
  return Buffer.from(text, 'latin1')
}
const mailEvents = () => app.store.read('system:mail')
const received = () => mailEvents().filter((e) => e.type === 'MailReceived')

beforeAll(() => {
  app = testApp('corpus40')
  keys = createFixtureDuel(app, spec.game).keys
  deps = {
    judge: app.judge,
    db: app.db,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
    maxBytes: spec.maxBytes,
  }
})
afterAll(() => app.cleanup())

describe('corpus40: real-world-shaped mail through the intake', () => {
  it('has at least 40 messages, every one of them in expected.json and the other way round', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
    expect(files.length).toBeGreaterThanOrEqual(40)
    expect(spec.messages.map((m) => m.file).sort()).toEqual(files)
  })

  // One test per message, in order: each builds on the state the ones before it left.
  for (const m of spec.messages) {
    it(`${m.file}: ${m.outcome} — ${m.shape}`, async () => {
      app.now.t += spec.clockStepMinutes * 60_000
      const raw = load(m.file)
      const lastOutbox = outboxRows(app).at(-1)?.id ?? 0
      const recordsBefore = received().length
      const failuresBefore = deliveryFailures(app.judge.mail).length

      const outcome = await handleInbound(raw, `corpus:${m.file}`, deps)
      expect(outcome).toBe(m.outcome)

      // exactly one record for every message that is not a duplicate, none for a duplicate
      const records = received().slice(recordsBefore)
      if (m.outcome === 'duplicate') {
        expect(records).toHaveLength(0)
      } else {
        expect(records).toHaveLength(1)
        const r = records[0]!.data
        expect(r).toMatchObject({ rawHash: sha256Hex(raw), outcome: m.outcome, size: raw.length })
        if (m.role) expect(r.role).toBe(m.role)
        expect(r.receipt).toBe(m.receipt ?? null)
        if (m.detail) expect(r.detail).toContain(m.detail)
        if (m.source) expect(r.detail).toBe(`filed (${m.source})`)
        if (m.outcome !== 'refused' || !m.detail?.includes('over the'))
          expect(r.auth).toMatchObject({
            dkim: expect.any(String),
            spf: expect.any(String),
            dmarc: expect.any(String),
            summary: expect.any(String),
          })
      }

      // the orders on file afterwards, for both roles
      const fold = app.judge.load(spec.game)
      for (const [role, orders] of Object.entries(m.onFile ?? {}))
        expect(fold.orders.get(role)?.normalised ?? null, `${role} on file`).toEqual(orders)

      // the mail it caused: exactly the replies listed, nothing for robots and duplicates
      const out = outboxRows(app).filter((r) => r.id > lastOutbox)
      const expected = m.replies ?? []
      if (!expected.length) expect(out.map((r) => `${r.recipient}: ${r.mail.subject}`)).toEqual([])
      for (const want of expected) {
        const hit = out.find(
          (r) => r.recipient === want.to && `${r.mail.subject}\n${r.mail.text}`.includes(want.contains),
        )
        expect(
          hit,
          `a reply to ${want.to} containing "${want.contains}" among ${JSON.stringify(out.map((r) => [r.recipient, r.mail.subject]))}`,
        ).toBeDefined()
      }
      expect(new Set(out.map((r) => r.recipient))).toEqual(new Set(expected.map((r) => r.to)))

      const failures = deliveryFailures(app.judge.mail).slice(failuresBefore)
      if (m.deliveryFailed) {
        expect(failures).toHaveLength(1)
        expect(failures[0]).toMatchObject(m.deliveryFailed)
      } else {
        expect(failures).toHaveLength(0)
      }
    })
  }

  it('lost nothing and applied nothing twice', async () => {
    const all = received()
    const byHash = new Map<string, number>()
    for (const e of all) byHash.set(e.data.rawHash, (byHash.get(e.data.rawHash) ?? 0) + 1)
    for (const m of spec.messages) {
      const hash = sha256Hex(load(m.file))
      if (m.outcome === 'duplicate') {
        expect(byHash.has(hash)).toBe(false)
        const original = all.find((e) => e.data.rawHash === sha256Hex(load(m.duplicateOf!)))!
        expect(readFileSync(new URL(m.file, dir), 'latin1')).toContain(`Message-ID: <${original.data.messageId}>`)
      } else {
        expect(byHash.get(hash), m.file).toBe(1)
      }
    }
    expect(all).toHaveLength(spec.messages.filter((m) => m.outcome !== 'duplicate').length)

    // one receipt per filed message, each message filed once
    const fold = app.judge.load(spec.game)
    const submissions = fold.events.filter((e) => e.type === 'OrdersAccepted' || e.type === 'OrdersRejected')
    expect(submissions).toHaveLength(spec.messages.filter((m) => m.outcome.startsWith('orders-')).length)
    expect(new Set(submissions.map((e) => e.data.messageId)).size).toBe(submissions.length)

    // a second delivery of the whole corpus changes nothing
    const events = app.store.read(`game:${spec.game}`).length + mailEvents().length
    const mails = outboxRows(app).length
    for (const m of spec.messages)
      expect(await handleInbound(load(m.file), 'corpus:again', deps), m.file).toBe('duplicate')
    expect(app.store.read(`game:${spec.game}`).length + mailEvents().length).toBe(events)
    expect(outboxRows(app).length).toBe(mails)
  })
})
