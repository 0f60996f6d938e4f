// A small OAuth2 authorisation server for the mail tests: a token endpoint (refresh-token grant)
// and a token introspection endpoint (RFC 7662) that Dovecot's oauth2 passdb asks about each token
// a client logs in with. Tokens live in memory; a test can expire or revoke them at will.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface OAuthServer {
  url: string
  tokenUrl: string
  introspectUrl: string
  clientId: string
  clientSecret: string
  /** issues refresh tokens for a mailbox user */
  refreshTokenFor(user: string): string
  /** every access token issued (newest last) */
  issued: { token: string; user: string; expiresAt: number }[]
  /** introspection calls answered "active: false" */
  inactiveAnswers: number
  /** lifetime of new access tokens, in seconds */
  lifetimeSeconds: number
  /** hand a new refresh token with each access token and stop taking the one it replaces */
  rotating: boolean
  /** the refresh tokens handed out by rotation (newest last) */
  rotated: string[]
  /** every access token issued so far stops being accepted now */
  expireAll(): void
  /** the refresh token no longer works, and its access tokens are dead */
  revoke(refreshToken: string): void
  close(): Promise<void>
}

function body(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))))
    req.on('error', reject)
  })
}

export async function startOAuthServer(): Promise<OAuthServer> {
  const refresh = new Map<string, { user: string; revoked: boolean }>()
  const access = new Map<string, { user: string; expiresAt: number; refresh: string }>()
  let n = 0
  const o: Partial<OAuthServer> & Pick<OAuthServer, 'issued' | 'rotated'> = {
    clientId: 'pbem-test-client',
    clientSecret: 'pbem-test-secret',
    issued: [],
    inactiveAnswers: 0,
    lifetimeSeconds: 3600,
    rotating: false,
    rotated: [],
  }
  const server: Server = createServer(async (req, res) => {
    const form = await body(req)
    const json = (status: number, v: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(v))
    }
    if (req.url === '/token') {
      if (form.get('client_id') !== o.clientId || form.get('client_secret') !== o.clientSecret)
        return json(401, { error: 'invalid_client' })
      const r = refresh.get(form.get('refresh_token') ?? '')
      if (form.get('grant_type') !== 'refresh_token' || !r || r.revoked) return json(400, { error: 'invalid_grant' })
      const token = `at-${++n}-${Math.random().toString(36).slice(2)}`
      const expiresAt = Date.now() + o.lifetimeSeconds! * 1000
      let grant = form.get('refresh_token')!
      if (o.rotating) {
        r.revoked = true
        grant = `rt-${r.user}-${++n}`
        refresh.set(grant, { user: r.user, revoked: false })
        o.rotated.push(grant)
      }
      access.set(token, { user: r.user, expiresAt, refresh: grant })
      o.issued.push({ token, user: r.user, expiresAt })
      return json(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: o.lifetimeSeconds,
        ...(o.rotating ? { refresh_token: grant } : {}),
      })
    }
    if (req.url?.startsWith('/introspect')) {
      const a = access.get(form.get('token') ?? '')
      const live = a && a.expiresAt > Date.now() && !refresh.get(a.refresh)?.revoked
      if (!live) {
        o.inactiveAnswers!++
        return json(200, { active: false })
      }
      return json(200, { active: true, username: a.user, exp: Math.floor(a.expiresAt / 1000) })
    }
    json(404, { error: 'not_found' })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return Object.assign(o, {
    url,
    tokenUrl: `${url}/token`,
    introspectUrl: `${url}/introspect`,
    refreshTokenFor(user: string) {
      const t = `rt-${user}-${++n}`
      refresh.set(t, { user, revoked: false })
      return t
    },
    expireAll() {
      for (const a of access.values()) a.expiresAt = 0
    },
    revoke(t: string) {
      const r = refresh.get(t)
      if (r) r.revoked = true
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }) as OAuthServer
}
