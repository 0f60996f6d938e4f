// The outbox held to the provider's sending limit (PBEM_SMTP_MAX_PER_HOUR): 500 queued mails go
// out over hours on a fake clock, never more than the limit in any hour, and no slower than it.
import { afterEach, describe, expect, it } from 'vitest'
import { sendOutbox } from '../../src/cli/app.ts'
import { enqueueMail, type MailTransport } from '../../src/mail/outbound.ts'
import { HOUR_MS } from '../../src/mail/pacing.ts'
import { testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp | null = null
afterEach(() => {
  app?.cleanup()
  app = null
})

describe('PBEM_SMTP_MAX_PER_HOUR', () => {
  it('sends 500 queued mails at most 60 in any hour, each hour using its whole allowance', async () => {
    const a = testApp('pacing')
    app = a
    const MAX = 60
    const sentAt: number[] = []
    const fake: MailTransport = {
      name: 'smtp',
      send: async () => {
        sentAt.push(a.now.t)
      },
    }
    a.transport = fake
    a.mail.smtp = {
      host: 'smtp.test',
      port: 25,
      tls: 'none',
      user: null,
      pass: null,
      auth: 'password',
      maxPerHour: MAX,
    }
    const start = a.now.t
    a.db.transaction(() => {
      for (let i = 0; i < 500; i++)
        enqueueMail(
          a.db,
          {
            messageId: `report.pace.r1.p${i}@judge.example.test`,
            from: 'judge@judge.example.test',
            to: `p${i}@example.test`,
            subject: `report ${i}`,
            text: 'x',
          },
          { game: 'pace', kind: 'report' },
          new Date(start),
        )
    })()
    const said: string[] = []
    // The serve loop, one pass every two minutes of the fake clock, for twelve hours.
    for (let step = 0; step < 360 && sentAt.length < 500; step++) {
      await sendOutbox(a, (l) => said.push(l))
      a.now.t += 2 * 60_000
    }
    expect(sentAt).toHaveLength(500)
    for (const t of sentAt) expect(sentAt.filter((u) => u > t - HOUR_MS && u <= t).length).toBeLessThanOrEqual(MAX)
    // not slower than the limit: 500 / 60 an hour is 8 full hours and a part, plus one pass's step
    expect(Math.max(...sentAt) - start).toBeLessThanOrEqual(8 * HOUR_MS + 2 * 60_000)
    expect(
      said.some((l) => /60 mails sent in the last hour \(PBEM_SMTP_MAX_PER_HOUR\); the next goes at/.test(l)),
    ).toBe(true)
    // said once per wait, not on every pass
    expect(said.length).toBeLessThan(20)
  })

  it('without a limit the outbox is sent at once', async () => {
    const a = testApp('unpaced')
    app = a
    let sent = 0
    a.transport = { name: 'smtp', send: async () => void sent++ }
    a.mail.smtp = {
      host: 'smtp.test',
      port: 25,
      tls: 'none',
      user: null,
      pass: null,
      auth: 'password',
      maxPerHour: null,
    }
    for (let i = 0; i < 250; i++)
      enqueueMail(
        a.db,
        {
          messageId: `report.pace.r1.q${i}@judge.example.test`,
          from: 'judge@judge.example.test',
          to: `q${i}@example.test`,
          subject: 's',
          text: 'x',
        },
        { game: 'pace', kind: 'report' },
        new Date(a.now.t),
      )
    await sendOutbox(a)
    expect(sent).toBe(250)
  })
})
