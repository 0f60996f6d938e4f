// Mail settings: PBEM_CONFIG (JSON) and PBEM_* environment variables, env winning, validated.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadMailConfig, MailConfigError } from '../../src/mail/config.ts'

const dir = mkdtempSync(join(tmpdir(), 'pbem-mailcfg-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
function file(content: unknown): string {
  const f = join(dir, `c${++n}.json`)
  writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content))
  return f
}

describe('loadMailConfig', () => {
  it('without settings leaves the judge on its drop folders', () => {
    expect(loadMailConfig({})).toEqual({
      imap: null,
      smtp: null,
      listen: null,
      mailDomain: null,
      archiveAddress: null,
      archiveImap: null,
      judgeName: null,
    })
  })

  it('reads IMAP and SMTP from the environment with defaults', () => {
    const c = loadMailConfig({
      PBEM_IMAP_HOST: 'imap.example.org',
      PBEM_IMAP_USER: 'judge',
      PBEM_IMAP_PASS: 'pw',
      PBEM_SMTP_HOST: 'smtp.example.org',
      PBEM_SMTP_TLS: 'starttls',
      PBEM_SMTP_USER: 'judge',
      PBEM_SMTP_PASS: 'pw',
    })
    expect(c.imap).toEqual({
      host: 'imap.example.org',
      port: 143,
      user: 'judge',
      pass: 'pw',
      tls: 'none',
      auth: 'password',
      mailbox: 'INBOX',
      processed: 'Processed',
      failed: 'Failed',
      pollMs: 10000,
    })
    expect(c.smtp).toEqual({
      host: 'smtp.example.org',
      port: 587,
      tls: 'starttls',
      user: 'judge',
      pass: 'pw',
      auth: 'password',
      maxPerHour: null,
    })
    expect(
      loadMailConfig({ PBEM_IMAP_HOST: 'h', PBEM_IMAP_USER: 'u', PBEM_IMAP_PASS: 'p', PBEM_IMAP_TLS: 'true' }).imap!
        .port,
    ).toBe(993)
    expect(loadMailConfig({ PBEM_SMTP_HOST: 'h', PBEM_SMTP_TLS: 'true' }).smtp!.port).toBe(465)
  })

  it('merges PBEM_CONFIG with the environment, the environment winning', () => {
    const f = file({
      imap: { host: 'file-host', port: 1143, user: 'judge', pass: 'from-file', mailbox: 'Orders' },
      smtp: { host: 'mx', port: 2525, tls: false },
      listen: '127.0.0.1:2526',
      mailDomain: 'example.test',
      archiveAddress: 'archive@example.test',
      archive: { user: 'archive', pass: 'a' },
    })
    const c = loadMailConfig({ PBEM_CONFIG: f, PBEM_IMAP_PASS: 'from-env', PBEM_IMAP_PROCESSED: 'Done' })
    expect(c.imap).toMatchObject({
      host: 'file-host',
      port: 1143,
      pass: 'from-env',
      mailbox: 'Orders',
      processed: 'Done',
    })
    expect(c.smtp).toMatchObject({ host: 'mx', port: 2525, tls: 'none' })
    expect(c.listen).toEqual({ host: '127.0.0.1', port: 2526, maxBytes: 10 * 1024 * 1024 })
    expect(c.mailDomain).toBe('example.test')
    expect(c.archiveImap).toEqual({
      host: 'file-host',
      port: 1143,
      tls: 'none',
      user: 'archive',
      pass: 'a',
      mailbox: 'INBOX',
    })
  })

  it('names every problem and the variable to fix', () => {
    const err = (() => {
      try {
        loadMailConfig({
          PBEM_IMAP_HOST: 'h',
          PBEM_IMAP_PORT: 'x',
          PBEM_SMTP_HOST: 'mx',
          PBEM_SMTP_USER: 'u',
          PBEM_SMTP_LISTEN: 'nonsense',
          PBEM_IMAP_TLS: 'maybe',
        })
      } catch (e) {
        return e as Error
      }
      throw new Error('no error')
    })()
    expect(err).toBeInstanceOf(MailConfigError)
    expect(err.message).toMatch(/imap\.port \(PBEM_IMAP_PORT\): must be a number/)
    expect(err.message).toMatch(/imap\.user \(PBEM_IMAP_USER\): is required/)
    expect(err.message).toMatch(/imap\.pass \(PBEM_IMAP_PASS\): is required/)
    expect(err.message).toMatch(/imap\.tls \(PBEM_IMAP_TLS\): must be true, false or starttls/)
    expect(err.message).toMatch(/smtp\.pass \(PBEM_SMTP_PASS\): is required with smtp\.user/)
    expect(err.message).toMatch(/listen \(PBEM_SMTP_LISTEN\): must be host:port/)
  })

  it('reads how long the mailbox lease and send claims last, in whole seconds from 10 to 3600', () => {
    expect(loadMailConfig({}).takeoverMs).toBeUndefined()
    expect(loadMailConfig({ PBEM_TAKEOVER_SECONDS: '20' }).takeoverMs).toBe(20_000)
    expect(loadMailConfig({ PBEM_CONFIG: file({ takeoverSeconds: 90 }) }).takeoverMs).toBe(90_000)
    expect(() => loadMailConfig({ PBEM_TAKEOVER_SECONDS: '5' })).toThrow(
      /takeoverSeconds \(PBEM_TAKEOVER_SECONDS\): must be 10-3600 \(seconds\)/,
    )
    expect(() => loadMailConfig({ PBEM_TAKEOVER_SECONDS: 'soon' })).toThrow(/PBEM_TAKEOVER_SECONDS\): must be a number/)
  })

  it('refuses a broken or unknown configuration file, and an archive without SMTP', () => {
    expect(() => loadMailConfig({ PBEM_CONFIG: file('{ nope') })).toThrow(/not valid JSON/)
    expect(() => loadMailConfig({ PBEM_CONFIG: join(dir, 'missing.json') })).toThrow(/ENOENT/)
    expect(() => loadMailConfig({ PBEM_CONFIG: file({ imapp: {} }) })).toThrow(/unknown key\(s\) imapp/)
    expect(() => loadMailConfig({ PBEM_ARCHIVE_ADDRESS: 'archive@example.test' })).toThrow(/needs SMTP delivery/)
    expect(() => loadMailConfig({ PBEM_SMTP_HOST: 'mx', PBEM_ARCHIVE_ADDRESS: 'not an address' })).toThrow(
      /plain address/,
    )
    expect(() =>
      loadMailConfig({ PBEM_IMAP_HOST: 'h', PBEM_IMAP_USER: 'u', PBEM_IMAP_PASS: 'p', PBEM_IMAP_PROCESSED: 'INBOX' }),
    ).toThrow(/must differ/)
  })
})
