import { generateKeyPairSync } from 'node:crypto'
import { dkimSign } from 'mailauth'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  authResults,
  defaultResolver,
  offlineResolver,
  oversizedHeader,
  type DnsResolver,
} from '../../src/mail/auth.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'der' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})

/** Serves our test key at sel._domainkey.example.test; everything else does not exist. */
const fakeDns: DnsResolver = async (name, rrtype) => {
  if (rrtype === 'TXT' && name === 'sel._domainkey.example.test')
    return [[`v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`]]
  return offlineResolver(name, rrtype)
}

/** Each signed mail's own Message-ID (the intake refuses a second mail with the same). */
let signedCount = 0
async function signed(body: string, key = ''): Promise<Buffer> {
  const msg = Buffer.from(
    [
      'From: South <south@example.test>',
      'To: orders@judge.example.test',
      'Subject: orders',
      `Message-ID: <dkim-${++signedCount}@example.test>`,
      'Date: Mon, 2 Mar 2026 12:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body.replace(/\n/g, '\r\n'),
      '',
    ]
      .join('\r\n')
      .replace(/KEYHERE/, key),
  )
  // mailauth signs with the entries of signatureData (its typings also ask for the top-level fields)
  const signer = { signingDomain: 'example.test', selector: 'sel', privateKey }
  const sig = await dkimSign(msg, { ...signer, canonicalization: 'relaxed/relaxed', signatureData: [signer] })
  expect(sig.errors).toEqual([])
  return Buffer.concat([Buffer.from(sig.signatures), msg])
}

describe('authResults', () => {
  it('a DKIM signature verified against the key the resolver serves: pass', async () => {
    const r = await authResults(await signed('DRAW 1\n'), { resolver: fakeDns })
    expect(r.dkim).toBe('pass')
    expect(r.summary).toMatch(/^dkim=pass \(example\.test\); spf=none/)
  })

  it('the body changed after signing: fail', async () => {
    const raw = await signed('DRAW 1\n')
    const tampered = Buffer.from(raw.toString('latin1').replace('DRAW 1', 'DRAW 2'), 'latin1')
    const r = await authResults(tampered, { resolver: fakeDns })
    expect(r.dkim).toBe('fail')
    expect(r.summary).toMatch(/dkim=fail \(body hash did not verify\)/)
  })

  it('offline by default: an answer at once, none everywhere, and the system resolver only with PBEM_DNS=system', async () => {
    const before = process.env.PBEM_DNS
    delete process.env.PBEM_DNS
    try {
      expect(defaultResolver()).toBe(offlineResolver)
      const t0 = Date.now()
      const r = await authResults(await signed('DRAW 1\n'), {
        ip: '192.0.2.7',
        helo: 'mx.example.test',
        sender: 'south@example.test',
      })
      expect(Date.now() - t0).toBeLessThan(2000)
      expect(r).toMatchObject({ spf: 'none', dmarc: 'none' })
      // the signature's key cannot be fetched offline
      expect(['temperror', 'permerror', 'neutral', 'fail', 'none']).toContain(r.dkim)
      process.env.PBEM_DNS = 'system'
      expect(defaultResolver()).not.toBe(offlineResolver)
    } finally {
      if (before === undefined) delete process.env.PBEM_DNS
      else process.env.PBEM_DNS = before
    }
  })

  it('never hangs: a resolver that never answers gives temperror after the timeout', async () => {
    const never: DnsResolver = () => new Promise(() => {})
    const r = await authResults(await signed('DRAW 1\n'), { resolver: never, timeoutMs: 200 })
    expect(r).toMatchObject({ dkim: 'temperror', spf: 'temperror', dmarc: 'temperror' })
    expect(r.summary).toMatch(/no answer within 200 ms/)
  })

  it('never throws on garbage', async () => {
    const r = await authResults(Buffer.from('not a mail at all'), { resolver: offlineResolver })
    expect(typeof r.summary).toBe('string')
  })
})

describe('the intake records the results for the moderator', () => {
  let app: TestApp
  let keys: Record<string, string>
  beforeEach(() => {
    app = testApp()
    keys = createFixtureDuel(app).keys
  })
  afterEach(() => app.cleanup())

  it('MailReceived.auth carries dkim, spf, dmarc and a summary, and the notice to the player of record repeats it', async () => {
    const deps = {
      judge: app.judge,
      db: app.db,
      outbox: sqliteOutbox(app.db, app.clock),
      clock: app.clock,
      auth: { resolver: fakeDns },
    }
    expect(await handleInbound(await signed(`GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1\n`), 'test', deps)).toBe(
      'orders-accepted',
    )
    const ok = app.store.read('system:mail').at(-1)!
    expect(ok.audience).toEqual({ kind: 'moderator' })
    expect(ok.data.auth).toEqual({
      dkim: 'pass',
      spf: 'none',
      dmarc: 'none',
      summary: 'dkim=pass (example.test); spf=none (no client IP); dmarc=none',
    })

    const forged = Buffer.from(
      (await signed('GAME fd1 SOUTH\nDRAW 2\n')).toString('latin1').replace('DRAW 2', 'DRAW 1'),
      'latin1',
    )
    expect(await handleInbound(forged, 'test', deps)).toBe('refused')
    const bad = app.store.read('system:mail').at(-1)!
    expect(bad.data.auth.dkim).toBe('fail')
  })
})

describe('headers too large to authenticate', () => {
  const body = '\r\n\r\nGAME fd1 south\r\n'
  it('a header over 2,000 lines or 100 KiB is not handed to mailauth; the result says why', async () => {
    const folded = Buffer.from(`From: a@example.test\r\nX-Long: a${'\r\n '.repeat(100_000)}${body}`)
    const refs = Buffer.from(
      `From: a@example.test\r\nReferences:${Array.from({ length: 40_000 }, (_, i) => ` <m${i}@example.test>`).join('')}${body}`,
    )
    expect(oversizedHeader(folded)).toMatch(/more than 2000 lines/)
    expect(oversizedHeader(refs)).toMatch(/larger than 100 KiB/)
    const started = Date.now()
    const r = await authResults(folded)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(r.summary).toMatch(/^authentication not checked: the header has more than 2000 lines/)
  })
  it('an ordinary header, and a large body, are checked as usual', () => {
    expect(oversizedHeader(Buffer.from(`From: a@example.test\r\nSubject: x${body}${'y'.repeat(500_000)}`))).toBeNull()
    expect(oversizedHeader(Buffer.from(`From: a@example.test\nSubject: x\n\n${'y\n'.repeat(5000)}`))).toBeNull()
  })
})
