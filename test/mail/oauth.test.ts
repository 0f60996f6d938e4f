// OAuth2 log-in settings and tokens, DKIM settings, the List-Id of a game's letters and the
// outbox's hourly pace: the pure parts, with an injected clock and token endpoint.
import { generateKeyPairSync } from 'node:crypto'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadMailConfig } from '../../src/mail/config.ts'
import { gameOfMessageId, hasHeader, listIdFor, withHeaders } from '../../src/mail/dkim.ts'
import {
  archiveTokenSource,
  type FetchLike,
  isAuthRefusal,
  OAuth2Error,
  TokenRefresher,
  xoauth2Payload,
} from '../../src/mail/oauth.ts'
import { secretFileProblem } from '../../src/mail/oauthConfig.ts'
import { writeSecretJson } from '../../src/mail/oauthStore.ts'
import { HOUR_MS, hourAllowance } from '../../src/mail/pacing.ts'

const dir = mkdtempSync(join(tmpdir(), 'pbem-oauth-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
function secret(content: string, mode: number): string {
  const f = join(dir, `s${++n}`)
  writeFileSync(f, content)
  chmodSync(f, mode)
  return f
}

const SETTINGS = {
  clientId: 'cid',
  clientSecret: 'csecret',
  refreshToken: 'rtoken',
  tokenUrl: 'https://oauth.example.org/token',
}

/** A token endpoint answering from a script; records each request's form. */
function endpoint(answers: { status: number; body: unknown }[]) {
  const seen: URLSearchParams[] = []
  const fetch: FetchLike = async (_url, init) => {
    seen.push(new URLSearchParams(init.body))
    const a = answers.shift() ?? { status: 500, body: 'no more answers' }
    return { ok: a.status < 400, status: a.status, text: async () => JSON.stringify(a.body) }
  }
  return { fetch, seen }
}

describe('TokenRefresher', () => {
  it('fetches a token with the refresh token, keeps it until a minute before it expires, then fetches again', async () => {
    let now = Date.parse('2026-11-29T10:00:00Z')
    const ep = endpoint([
      { status: 200, body: { access_token: 'a1', expires_in: 3600 } },
      { status: 200, body: { access_token: 'a2', expires_in: 3600 } },
    ])
    const t = new TokenRefresher(SETTINGS, { fetch: ep.fetch, clock: () => new Date(now) })
    expect(await t.token()).toBe('a1')
    expect(ep.seen[0]!.get('grant_type')).toBe('refresh_token')
    expect(ep.seen[0]!.get('refresh_token')).toBe('rtoken')
    expect(ep.seen[0]!.get('client_id')).toBe('cid')
    now += 58 * 60_000
    expect(await t.token()).toBe('a1')
    now += 60_000 // 59 minutes: inside the one-minute margin
    expect(await t.token()).toBe('a2')
    expect(t.fetched).toBe(2)
  })

  it('fetches a new token after the server refused the current one, and shares one fetch between callers', async () => {
    const ep = endpoint([
      { status: 200, body: { access_token: 'a1', expires_in: 3600 } },
      { status: 200, body: { access_token: 'a2', expires_in: 3600 } },
    ])
    const t = new TokenRefresher(SETTINGS, { fetch: ep.fetch })
    expect(await Promise.all([t.token(), t.token(), t.token()])).toEqual(['a1', 'a1', 'a1'])
    t.refused()
    expect(await t.token()).toBe('a2')
    expect(ep.seen).toHaveLength(2)
  })

  it('uses the new refresh token a rotating provider hands back', async () => {
    const ep = endpoint([
      { status: 200, body: { access_token: 'a1', expires_in: 3600, refresh_token: 'rtoken-2' } },
      { status: 200, body: { access_token: 'a2', expires_in: 3600 } },
    ])
    const t = new TokenRefresher(SETTINGS, { fetch: ep.fetch })
    await t.token()
    t.refused()
    await t.token()
    expect(ep.seen.map((f) => f.get('refresh_token'))).toEqual(['rtoken', 'rtoken-2'])
  })

  it('a refused refresh token says to re-authorise, without the token in the message', async () => {
    const ep = endpoint([{ status: 400, body: { error: 'invalid_grant' } }])
    const t = new TokenRefresher(SETTINGS, { fetch: ep.fetch })
    const e = await t.token().catch((x: unknown) => x)
    expect(e).toBeInstanceOf(OAuth2Error)
    expect((e as OAuth2Error).kind).toBe('refused')
    expect((e as OAuth2Error).message).toMatch(/refused the refresh token \(HTTP 400, invalid_grant\)/)
    expect((e as OAuth2Error).fix).toMatch(/re-authorise/)
    expect((e as OAuth2Error).message).not.toContain('rtoken')
    expect((e as OAuth2Error).message).not.toContain('csecret')
  })

  it('after a failed refresh leaves the endpoint alone for 5 s, then 10 s, and starts afresh after a success', async () => {
    let now = 0
    const ep = endpoint([
      { status: 400, body: { error: 'invalid_grant' } },
      { status: 400, body: { error: 'invalid_grant' } },
      { status: 200, body: { access_token: 'a1', expires_in: 3600 } },
    ])
    const t = new TokenRefresher(SETTINGS, { fetch: ep.fetch, clock: () => new Date(now) })
    const first = await t.token().catch((e: unknown) => e)
    expect(await t.token().catch((e: unknown) => e)).toBe(first)
    now += 4999
    await t.token().catch(() => {})
    expect(ep.seen).toHaveLength(1)
    now += 1
    await t.token().catch(() => {})
    expect(ep.seen).toHaveLength(2)
    now += 9999
    await t.token().catch(() => {})
    expect(ep.seen).toHaveLength(2)
    now += 1
    expect(await t.token()).toBe('a1')
    expect(t.lastFailure).toBeNull()
  })

  it('a wrong client is told apart, and an unreachable endpoint is not taken for a refusal', async () => {
    const bad = new TokenRefresher(SETTINGS, {
      fetch: endpoint([{ status: 401, body: { error: 'invalid_client' } }]).fetch,
    })
    expect(((await bad.token().catch((x: unknown) => x)) as OAuth2Error).fix).toMatch(/client id or secret/)
    const down = new TokenRefresher(SETTINGS, {
      fetch: async () => {
        throw new Error('connect ECONNREFUSED')
      },
    })
    const e = (await down.token().catch((x: unknown) => x)) as OAuth2Error
    expect(e.kind).toBe('unreachable')
    expect(e.message).toMatch(/could not be reached: connect ECONNREFUSED/)
    const broken = new TokenRefresher(SETTINGS, { fetch: endpoint([{ status: 502, body: 'bad gateway' }]).fetch })
    expect(((await broken.token().catch((x: unknown) => x)) as OAuth2Error).kind).toBe('unreachable')
  })

  it('builds the SASL XOAUTH2 response and recognises a refused log-in', () => {
    expect(xoauth2Payload('judge@example.org', 'tok')).toBe('user=judge@example.org\x01auth=Bearer tok\x01\x01')
    expect(isAuthRefusal({ authenticationFailed: true })).toBe(true)
    expect(isAuthRefusal({ code: 'EAUTH', responseCode: 535 })).toBe(true)
    expect(isAuthRefusal({ code: 'ECONNREFUSED' })).toBe(false)
  })
})

describe('a refresh token the provider rotates', () => {
  const CLIENT = { clientId: 'cid', clientSecret: 'csecret', tokenUrl: 'https://oauth.example.org/token' }
  const rotating = () =>
    endpoint([
      { status: 200, body: { access_token: 'a1', expires_in: 3600, refresh_token: 'rtoken-2' } },
      { status: 200, body: { access_token: 'a2', expires_in: 3600, refresh_token: 'rtoken-3' } },
    ])
  const env = (extra: NodeJS.ProcessEnv) => ({
    PBEM_IMAP_HOST: 'imap.example.org',
    PBEM_IMAP_USER: 'judge@example.org',
    PBEM_IMAP_AUTH: 'oauth2',
    ...extra,
  })
  /** A grant folder of its own, to see that no temp file is left behind. */
  function grantFile(content: unknown): string {
    const f = join(mkdtempSync(join(dir, 'grant-')), 'oauth.json')
    writeFileSync(f, JSON.stringify(content))
    chmodSync(f, 0o600)
    return f
  }

  it('from a PBEM_OAUTH2_FILE: written back in place (mode 0600, other keys kept), read again at the next start, never logged', async () => {
    const file = grantFile({ ...CLIENT, refreshToken: 'rtoken' })
    const c = loadMailConfig(env({ PBEM_OAUTH2_FILE: file }))
    expect(c.oauth2!.source).toEqual({ kind: 'file', path: file, key: ['refreshToken'] })
    const ep = rotating()
    const logs: string[] = []
    const t = new TokenRefresher(c.oauth2!, { fetch: ep.fetch, log: (l) => logs.push(l) })
    expect(await t.token()).toBe('a1')
    expect(t.rotation!.outcome).toBe('stored')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...CLIENT, refreshToken: 'rtoken-2' })
    expect(readdirSync(join(file, '..'))).toEqual(['oauth.json'])
    t.refused()
    expect(await t.token()).toBe('a2')
    expect(ep.seen.map((f) => f.get('refresh_token'))).toEqual(['rtoken', 'rtoken-2'])
    expect(JSON.parse(readFileSync(file, 'utf8')).refreshToken).toBe('rtoken-3')
    expect(loadMailConfig(env({ PBEM_OAUTH2_FILE: file })).oauth2!.refreshToken).toBe('rtoken-3')
    expect(logs).toHaveLength(2)
    expect(logs[0]).toBe(`OAuth2: the token endpoint rotated the refresh token; the new one was written to ${file}`)
    for (const l of logs) expect(l).not.toMatch(/rtoken|csecret|a1|a2/)
  })

  it('from the PBEM_CONFIG file: written back under oauth2, the rest of the file kept', async () => {
    const config = grantFile({
      imap: { host: 'imap.example.org', user: 'judge@example.org', auth: 'oauth2' },
      oauth2: { ...CLIENT, refreshToken: 'rtoken' },
    })
    const c = loadMailConfig({ PBEM_CONFIG: config })
    expect(c.oauth2!.source).toEqual({ kind: 'file', path: config, key: ['oauth2', 'refreshToken'] })
    const t = new TokenRefresher(c.oauth2!, { fetch: rotating().fetch, log: () => {} })
    await t.token()
    expect(statSync(config).mode & 0o777).toBe(0o600)
    const after = JSON.parse(readFileSync(config, 'utf8'))
    expect(after.oauth2).toEqual({ ...CLIENT, refreshToken: 'rtoken-2' })
    expect(after.imap).toEqual({ host: 'imap.example.org', user: 'judge@example.org', auth: 'oauth2' })
    expect(loadMailConfig({ PBEM_CONFIG: config }).oauth2!.refreshToken).toBe('rtoken-2')
  })

  it('from the environment: used in memory, the operator told once (without the token) to update it; no file touched', async () => {
    const file = grantFile({ ...CLIENT, refreshToken: 'rtoken-file' })
    const c = loadMailConfig(env({ PBEM_OAUTH2_FILE: file, PBEM_OAUTH2_REFRESH_TOKEN: 'rtoken' }))
    expect(c.oauth2!.source).toEqual({ kind: 'env', name: 'PBEM_OAUTH2_REFRESH_TOKEN' })
    const ep = rotating()
    const logs: string[] = []
    const t = new TokenRefresher(c.oauth2!, { fetch: ep.fetch, log: (l) => logs.push(l) })
    await t.token()
    t.refused()
    await t.token()
    expect(ep.seen.map((f) => f.get('refresh_token'))).toEqual(['rtoken', 'rtoken-2'])
    expect(t.rotation!.outcome).toBe('env')
    expect(t.rotation!.fix).toMatch(/update the environment/)
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatch(
      /^OAuth2: the token endpoint rotated the refresh token; PBEM_OAUTH2_REFRESH_TOKEN still holds the old one.*: update the environment/,
    )
    expect(logs[0]).not.toMatch(/rtoken|csecret/)
    expect(JSON.parse(readFileSync(file, 'utf8')).refreshToken).toBe('rtoken-file')
  })

  it('a file that cannot be written back: the new token is still used and the failure logged, without any token', async () => {
    const file = grantFile({ ...CLIENT, refreshToken: 'rtoken' })
    const c = loadMailConfig(env({ PBEM_OAUTH2_FILE: file }))
    // someone broke the file after the start: the parse error must not quote the old token
    writeFileSync(file, '{"refreshToken": "rtoken", oops')
    const ep = rotating()
    const logs: string[] = []
    const t = new TokenRefresher(c.oauth2!, { fetch: ep.fetch, log: (l) => logs.push(l) })
    expect(await t.token()).toBe('a1')
    expect(t.rotation!.outcome).toBe('failed')
    expect(logs[0]).toMatch(/could not be written to .*oauth\.json \(it no longer holds valid JSON\)/)
    expect(logs[0]).not.toMatch(/rtoken/)
    expect(readdirSync(join(file, '..'))).toEqual(['oauth.json'])
    t.refused()
    await t.token()
    expect(ep.seen[1]!.get('refresh_token')).toBe('rtoken-2')
  })

  it("the archive mailbox's own grant is written back under archive in the PBEM_CONFIG file, the intake's left alone", async () => {
    const config = grantFile({
      imap: { host: 'imap.example.org', user: 'judge@example.org', auth: 'oauth2' },
      oauth2: { ...CLIENT, refreshToken: 'rtoken' },
      archiveAddress: 'archive@example.org',
      smtp: { host: 'smtp.example.org', user: 'judge@example.org', auth: 'oauth2' },
      archive: { user: 'archive@example.org', auth: 'oauth2', refreshToken: 'rtoken-archive' },
    })
    const c = loadMailConfig({ PBEM_CONFIG: config })
    expect(c.archiveImap!.refreshTokenSource).toEqual({ kind: 'file', path: config, key: ['archive', 'refreshToken'] })
    const ep = endpoint([
      { status: 200, body: { access_token: 'a1', expires_in: 3600, refresh_token: 'rtoken-archive-2' } },
    ])
    const t = archiveTokenSource(c, null, { fetch: ep.fetch, log: () => {} })!
    await t.token()
    expect(ep.seen[0]!.get('refresh_token')).toBe('rtoken-archive')
    const after = JSON.parse(readFileSync(config, 'utf8'))
    expect(after.archive.refreshToken).toBe('rtoken-archive-2')
    expect(after.oauth2.refreshToken).toBe('rtoken')
    // both grants rotated at the same moment: neither write loses the other's token
    await Promise.all([
      writeSecretJson(config, ['oauth2', 'refreshToken'], 'rtoken-9'),
      writeSecretJson(config, ['archive', 'refreshToken'], 'rtoken-archive-9'),
    ])
    const both = JSON.parse(readFileSync(config, 'utf8'))
    expect([both.oauth2.refreshToken, both.archive.refreshToken]).toEqual(['rtoken-9', 'rtoken-archive-9'])
    const fromEnv = loadMailConfig({ PBEM_CONFIG: config, PBEM_ARCHIVE_OAUTH2_REFRESH_TOKEN: 'rt-env' })
    expect(fromEnv.archiveImap!.refreshTokenSource).toEqual({ kind: 'env', name: 'PBEM_ARCHIVE_OAUTH2_REFRESH_TOKEN' })
  })
})

describe('OAuth2 and DKIM settings', () => {
  const base = { PBEM_IMAP_HOST: 'imap.example.org', PBEM_IMAP_USER: 'judge@example.org', PBEM_IMAP_AUTH: 'oauth2' }

  it('logs in by token with the client from the environment, no password needed', () => {
    const c = loadMailConfig({
      ...base,
      PBEM_SMTP_HOST: 'smtp.example.org',
      PBEM_SMTP_USER: 'judge@example.org',
      PBEM_SMTP_AUTH: 'oauth2',
      PBEM_SMTP_MAX_PER_HOUR: '100',
      PBEM_OAUTH2_CLIENT_ID: 'cid',
      PBEM_OAUTH2_CLIENT_SECRET: 'cs',
      PBEM_OAUTH2_REFRESH_TOKEN: 'rt',
      PBEM_OAUTH2_TOKEN_URL: 'https://oauth2.googleapis.com/token',
    })
    expect(c.imap).toMatchObject({ auth: 'oauth2', pass: '' })
    expect(c.smtp).toMatchObject({ auth: 'oauth2', maxPerHour: 100 })
    expect(c.oauth2).toEqual({
      clientId: 'cid',
      clientSecret: 'cs',
      refreshToken: 'rt',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      source: { kind: 'env', name: 'PBEM_OAUTH2_REFRESH_TOKEN' },
    })
  })

  it('reads the client from a file of mode 0600, the environment winning; refuses one others may read', () => {
    const body = JSON.stringify({ ...SETTINGS, refreshToken: 'from-file' })
    const ok = secret(body, 0o600)
    const c = loadMailConfig({ ...base, PBEM_OAUTH2_FILE: ok, PBEM_OAUTH2_CLIENT_ID: 'env-id' })
    expect(c.oauth2).toMatchObject({ clientId: 'env-id', refreshToken: 'from-file' })
    const open = secret(body, 0o644)
    expect(() => loadMailConfig({ ...base, PBEM_OAUTH2_FILE: open })).toThrow(
      /oauth2\.file \(PBEM_OAUTH2_FILE\): .* may be read by others \(mode 644\): chmod 600/,
    )
    expect(secretFileProblem(join(dir, 'missing'))).toMatch(/cannot be read/)
  })

  it('refuses secrets in a PBEM_CONFIG file others may read, a missing client, and a plain-http endpoint elsewhere', () => {
    const cfg = secret(JSON.stringify({ oauth2: SETTINGS }), 0o644)
    expect(() => loadMailConfig({ ...base, PBEM_CONFIG: cfg })).toThrow(
      /PBEM_CONFIG holds OAuth2 secrets but .* chmod 600/,
    )
    expect(() => loadMailConfig(base)).toThrow(/a mailbox logs in by OAuth2 but no client is set/)
    expect(() =>
      loadMailConfig({
        ...base,
        PBEM_OAUTH2_CLIENT_ID: 'c',
        PBEM_OAUTH2_CLIENT_SECRET: 's',
        PBEM_OAUTH2_REFRESH_TOKEN: 'r',
        PBEM_OAUTH2_TOKEN_URL: 'http://oauth.example.org/token',
      }),
    ).toThrow(/must be an https URL/)
    expect(() => loadMailConfig({ PBEM_IMAP_HOST: 'h', PBEM_IMAP_USER: 'u' })).toThrow(
      /imap\.pass \(PBEM_IMAP_PASS\): is required \(or set PBEM_IMAP_AUTH=oauth2\)/,
    )
  })

  it("reads the archive mailbox by token: its own refresh token, or the intake's tokens when it is the same mailbox", () => {
    const client = {
      PBEM_OAUTH2_CLIENT_ID: 'c',
      PBEM_OAUTH2_CLIENT_SECRET: 's',
      PBEM_OAUTH2_REFRESH_TOKEN: 'r',
      PBEM_OAUTH2_TOKEN_URL: 'https://oauth.example.org/token',
    }
    const smtp = { PBEM_SMTP_HOST: 'smtp.example.org', PBEM_ARCHIVE_ADDRESS: 'archive@example.org' }
    const own = loadMailConfig({
      ...base,
      ...client,
      ...smtp,
      PBEM_ARCHIVE_IMAP_USER: 'archive@example.org',
      PBEM_ARCHIVE_IMAP_AUTH: 'oauth2',
      PBEM_ARCHIVE_OAUTH2_REFRESH_TOKEN: 'archive-rt',
    })
    expect(own.archiveImap).toMatchObject({
      user: 'archive@example.org',
      auth: 'oauth2',
      refreshToken: 'archive-rt',
      pass: '',
    })
    const same = loadMailConfig({
      ...base,
      ...client,
      ...smtp,
      PBEM_ARCHIVE_IMAP_USER: 'judge@example.org',
      PBEM_ARCHIVE_IMAP_AUTH: 'oauth2',
    })
    expect(same.archiveImap).toMatchObject({ auth: 'oauth2' })
    expect(() =>
      loadMailConfig({
        ...base,
        ...client,
        ...smtp,
        PBEM_ARCHIVE_IMAP_USER: 'archive@example.org',
        PBEM_ARCHIVE_IMAP_AUTH: 'oauth2',
      }),
    ).toThrow(
      /archive\.refreshToken \(PBEM_ARCHIVE_OAUTH2_REFRESH_TOKEN\): is required for an archive mailbox other than the intake's/,
    )
    expect(() =>
      loadMailConfig({ ...base, ...client, ...smtp, PBEM_ARCHIVE_IMAP_USER: 'archive@example.org' }),
    ).toThrow(/archive\.pass \(PBEM_ARCHIVE_IMAP_PASS\): is required \(or set PBEM_ARCHIVE_IMAP_AUTH=oauth2\)/)
  })

  it('reads a DKIM key from a private file, the domain defaulting to the mail domain', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const key = secret(pem, 0o600)
    const c = loadMailConfig({ PBEM_MAIL_DOMAIN: 'club.example', PBEM_DKIM_SELECTOR: 'pbem', PBEM_DKIM_KEY_FILE: key })
    expect(c.dkim).toEqual({ domain: 'club.example', selector: 'pbem', privateKey: pem })
    expect(() =>
      loadMailConfig({
        PBEM_MAIL_DOMAIN: 'club.example',
        PBEM_DKIM_SELECTOR: 'pbem',
        PBEM_DKIM_KEY_FILE: secret(pem, 0o640),
      }),
    ).toThrow(/dkim\.keyFile .*\(mode 640\)/)
    expect(() =>
      loadMailConfig({
        PBEM_MAIL_DOMAIN: 'club.example',
        PBEM_DKIM_SELECTOR: 'pbem',
        PBEM_DKIM_KEY_FILE: secret('nope', 0o600),
      }),
    ).toThrow(/not a PEM private key/)
  })
})

describe('List-Id', () => {
  it("names the game of the judge's letters, through copies and repeats; other mail has none", () => {
    expect(gameOfMessageId('report.sea-1.r3.fed@judge.example')).toBe('sea-1')
    expect(gameOfMessageId('ack.sea-1.3.fed-2@judge.example')).toBe('sea-1')
    expect(gameOfMessageId('copy.ack.sea-1.3.fed-2@judge.example')).toBe('sea-1')
    expect(gameOfMessageId('again.0123456789abcdef.report.rr.r1.reb@judge.example')).toBe('rr')
    expect(gameOfMessageId('notice.1700000000.4.abcdef0123@judge.example')).toBeNull()
    expect(listIdFor('report.sea-1.r3.fed@judge.example', 'Judge.Example')).toBe(
      '"acw-pbem game sea-1" <sea-1.judge.example>',
    )
  })

  it('goes at the top of the header, once', () => {
    const eml = Buffer.from('Subject: x\r\nMessage-ID: <a@b>\r\n\r\nList-Id: in the body\r\n')
    const out = withHeaders(eml, { 'List-Id': '<g.example>' })
    expect(out.toString()).toBe(`List-Id: <g.example>\r\n${eml.toString()}`)
    expect(hasHeader(eml, 'List-Id')).toBe(false)
    expect(withHeaders(out, { 'List-Id': '<other>' })).toBe(out)
  })
})

describe('hourAllowance', () => {
  const at = (ms: number) => new Date(Date.parse('2026-11-29T10:00:00Z') + ms)
  it('allows the limit less what went in the last hour, and says when the next slot opens', () => {
    const sent = [0, 10, 20].map((m) => at(m * 60_000).toISOString())
    expect(hourAllowance(sent, at(30 * 60_000), 5)).toEqual({ allowed: 2, nextAt: null })
    expect(hourAllowance(sent, at(30 * 60_000), 3)).toEqual({ allowed: 0, nextAt: at(HOUR_MS + 1) })
    expect(hourAllowance(sent, at(HOUR_MS + 1), 3)).toEqual({ allowed: 1, nextAt: null })
    expect(hourAllowance(sent, at(30 * 60_000), 2).nextAt).toEqual(at(10 * 60_000 + HOUR_MS + 1))
  })
})
