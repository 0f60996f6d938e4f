// The loopback SMTP listener: raw bytes to the handler, 250 only after it resolved, 451 when it
// fails for a passing reason (the sender keeps the message and retries), 554 when it fails for good
// (recorded first), 552 when the message is too large.
import nodemailer from 'nodemailer'
import { afterEach, describe, expect, it } from 'vitest'
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtpListener.ts'

let listener: SmtpListener | null = null
afterEach(async () => {
  await listener?.close()
  listener = null
})

async function send(port: number, text: string) {
  const t = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  try {
    return await t.sendMail({
      from: 'reb@example.test',
      to: 'orders@example.test',
      subject: 'orders',
      text,
      messageId: '<listener-test@example.test>',
    })
  } finally {
    t.close()
  }
}

describe('SMTP listener', () => {
  it('hands the raw message to the handler and answers 250 with its outcome', async () => {
    const got: { raw: Buffer; source: string }[] = []
    listener = await startSmtpListener({
      port: 0,
      handler: async (raw, source) => (got.push({ raw, source }), 'orders-accepted'),
    })
    const info = await send(listener.port, 'SUM: STAY')
    expect(info.response).toMatch(/^250 Message taken \(orders-accepted\)/)
    expect(got).toHaveLength(1)
    expect(got[0]!.source).toMatch(/^smtp:/)
    expect(got[0]!.raw.toString()).toContain('Message-ID: <listener-test@example.test>')
    expect(got[0]!.raw.toString()).toContain('SUM: STAY')
  })

  it('answers 451 when the intake fails for a passing reason, so the sender keeps the message and retries', async () => {
    const recorded: unknown[] = []
    listener = await startSmtpListener({
      port: 0,
      handler: async () => Promise.reject(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })),
      onPermanentFailure: async (_raw, _source, e) => void recorded.push(e),
    })
    await expect(send(listener.port, 'SUM: STAY')).rejects.toMatchObject({ responseCode: 451 })
    expect(recorded).toEqual([])
  })

  it('answers 554 when the intake fails for good, after recording the message', async () => {
    const recorded: string[] = []
    listener = await startSmtpListener({
      port: 0,
      handler: async () => Promise.reject(new TypeError('the judge tripped over this message')),
      onPermanentFailure: async (raw, source, e) =>
        void recorded.push(`${source.slice(0, 5)} ${raw.includes('SUM: STAY')} ${(e as Error).message}`),
    })
    await expect(send(listener.port, 'SUM: STAY')).rejects.toMatchObject({ responseCode: 554 })
    expect(recorded).toEqual(['smtp: true the judge tripped over this message'])
  })

  it('answers 552 to a message over the size limit without calling the handler', async () => {
    let called = false
    listener = await startSmtpListener({ port: 0, maxBytes: 2048, handler: async () => ((called = true), 'x') })
    await expect(send(listener.port, 'x'.repeat(10_000))).rejects.toMatchObject({ responseCode: 552 })
    expect(called).toBe(false)
  })
})
