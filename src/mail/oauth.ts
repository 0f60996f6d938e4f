/**
 * OAuth2 access tokens for the judge's mailbox (SASL XOAUTH2 on IMAP and SMTP).
 *
 * The operator registers the judge as an OAuth2 client at the provider and authorises it once;
 * what is kept is the client id and secret, the refresh token and the provider's token endpoint.
 * An access token is fetched from the endpoint with the refresh token (RFC 6749 section 6), kept in
 * memory only, and fetched again a minute before it expires or as soon as a server refuses it.
 * Neither token is ever logged: errors carry the endpoint's error code, never a token.
 * A new refresh token in the endpoint's answer replaces the old one, also where it was read from
 * (oauthStore.ts).
 */

import { type GrantSource, keepRotated, type Rotation, rotationNote } from './oauthStore.ts'

export interface OAuth2Settings {
  clientId: string
  clientSecret: string
  refreshToken: string
  tokenUrl: string
  /** where the refresh token was read: a rotated one is written back there (a file) or reported */
  source?: GrantSource
}

/** What a mailbox log-in needs from a token source. */
export interface AccessTokens {
  /** a token valid for at least the margin (fetched when needed) */
  token(): Promise<string>
  /** the server refused the last token: the next token() fetches a new one */
  refused(): void
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>

export interface TokenRefresherOptions {
  fetch?: FetchLike
  clock?: () => Date
  /** refresh this long before the token expires (default 60 s) */
  marginMs?: number
  /** the lifetime assumed when the endpoint names none (default 5 min) */
  defaultLifetimeMs?: number
  /** give up on the endpoint after this long (default 15 s) */
  timeoutMs?: number
  /** after failed refreshes the endpoint is asked again after 5 s, 10 s ... up to this (default 5 min) */
  maxHoldMs?: number
  /** where the note about a rotated refresh token goes (default: standard error); never a token */
  log?: (line: string) => void
}

/** Why the endpoint did not give a token, with the plain fix an operator can act on. */
export class OAuth2Error extends Error {
  override name = 'OAuth2Error'
  constructor(
    /** 'refused': the endpoint answered no (re-authorise); 'unreachable': no usable answer */
    readonly kind: 'refused' | 'unreachable',
    /** what happened, without the fix */
    readonly what: string,
    readonly fix: string,
  ) {
    super(`${what}: ${fix}`)
  }
}

/** The SASL XOAUTH2 initial response (base64 is added by the protocol client). */
export function xoauth2Payload(user: string, accessToken: string): string {
  return `user=${user}\x01auth=Bearer ${accessToken}\x01\x01`
}

/** Fetches and caches access tokens from a refresh token; concurrent callers share one request. */
export class TokenRefresher implements AccessTokens {
  private current: { token: string; expiresAt: number } | null = null
  private pending: Promise<string> | null = null
  private failure: { error: unknown; until: number; wait: number } | null = null
  /** the refresh token in use: a provider that rotates them hands a new one with each access token */
  private refreshToken: string
  private readonly fetch: FetchLike
  private readonly clock: () => Date
  /** how many tokens were fetched (for tests and the check's report) */
  fetched = 0
  /** what became of the last refresh token the provider rotated (null: none rotated) */
  rotation: Rotation | null = null
  private rotationSaid = false

  constructor(
    readonly settings: OAuth2Settings,
    private readonly o: TokenRefresherOptions = {},
  ) {
    this.fetch = o.fetch ?? ((url, init) => globalThis.fetch(url, init))
    this.clock = o.clock ?? (() => new Date())
    this.refreshToken = settings.refreshToken
  }

  /** When the cached token expires (ms since the epoch), or null when there is none. */
  get expiresAt(): number | null {
    return this.current?.expiresAt ?? null
  }

  token(): Promise<string> {
    const margin = this.o.marginMs ?? 60_000
    const now = this.clock().getTime()
    if (this.current && this.current.expiresAt - margin > now) return Promise.resolve(this.current.token)
    // After a failed refresh the endpoint is left alone for a while: every log-in and every outbox
    // pass would otherwise ask it again at once.
    if (this.failure && now < this.failure.until) return Promise.reject(this.failure.error)
    this.pending ??= this.refresh()
      .then(
        (t) => {
          this.failure = null
          return t
        },
        (e: unknown) => {
          const wait = Math.min((this.failure?.wait ?? 2500) * 2, this.o.maxHoldMs ?? 300_000)
          this.failure = { error: e, until: this.clock().getTime() + wait, wait }
          throw e
        },
      )
      .finally(() => {
        this.pending = null
      })
    return this.pending
  }

  /** The last refresh failed: its error, until the endpoint is asked again. */
  get lastFailure(): { error: unknown; until: number } | null {
    return this.failure
  }

  refused(): void {
    this.current = null
  }

  private async refresh(): Promise<string> {
    const s = this.settings
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: this.refreshToken,
      client_id: s.clientId,
      client_secret: s.clientSecret,
    }).toString()
    const started = this.clock().getTime()
    let status: number
    let text: string
    try {
      const r = await this.fetch(s.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 15_000),
      })
      status = r.status
      text = await r.text()
    } catch (e) {
      throw new OAuth2Error(
        'unreachable',
        `the token endpoint ${s.tokenUrl} could not be reached: ${(e as Error).message}`,
        'check the token endpoint URL and the network; the judge tries again',
      )
    }
    const token = this.accept(status, text, started)
    await this.keep(text)
    return token
  }

  /** A rotated refresh token is used from now on and kept where it came from (see oauthStore.ts). */
  private async keep(text: string): Promise<void> {
    const rotated = (JSON.parse(text) as { refresh_token?: unknown }).refresh_token
    if (typeof rotated !== 'string' || !rotated || rotated === this.refreshToken) return
    this.refreshToken = rotated
    this.rotation = await keepRotated(this.settings.source, rotated)
    // A file write is worth a line each time; an environment that cannot be updated, only once.
    if (this.rotation.outcome === 'env' && this.rotationSaid) return
    this.rotationSaid = true
    ;(this.o.log ?? ((line: string) => console.warn(line)))(`OAuth2: ${rotationNote(this.rotation)}`)
  }

  private accept(status: number, text: string, started: number): string {
    const url = this.settings.tokenUrl
    let json: Record<string, unknown> = {}
    try {
      json = JSON.parse(text) as Record<string, unknown>
    } catch {
      // not JSON: reported below by status
    }
    if (status >= 400 || typeof json.access_token !== 'string' || !json.access_token) {
      const code = typeof json.error === 'string' ? json.error : null
      if (status === 400 || status === 401 || code)
        throw new OAuth2Error(
          'refused',
          `the token endpoint ${url} refused the refresh token (HTTP ${status}${code ? `, ${code}` : ''})`,
          code === 'invalid_client'
            ? 'the client id or secret is wrong: copy them again from the provider console'
            : 're-authorise the judge at the provider and store the new refresh token',
        )
      throw new OAuth2Error(
        'unreachable',
        `the token endpoint ${url} gave no access token (HTTP ${status})`,
        'check the token endpoint URL; the judge tries again',
      )
    }
    const seconds = Number(json.expires_in)
    const life = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : (this.o.defaultLifetimeMs ?? 300_000)
    this.current = { token: json.access_token, expiresAt: started + life }
    this.fetched++
    return json.access_token
  }
}

/**
 * What the archive's token source reads of the mail settings (config.ts's MailConfig has it): said
 * here, so that the token code does not import the settings, which import it.
 */
export interface ArchiveGrant {
  archiveImap?: { refreshToken?: string; refreshTokenSource?: GrantSource } | null
  oauth2?: OAuth2Settings | null
}

/** The archive mailbox's tokens: its own grant, or the intake's when it is the same mailbox. */
export function archiveTokenSource(
  mail: ArchiveGrant,
  intake: TokenRefresher | null,
  options: TokenRefresherOptions = {},
): TokenRefresher | null {
  const a = mail.archiveImap
  if (!a?.refreshToken || !mail.oauth2) return intake
  const { source: _intakeGrant, ...client } = mail.oauth2
  return new TokenRefresher(
    { ...client, refreshToken: a.refreshToken, ...(a.refreshTokenSource ? { source: a.refreshTokenSource } : {}) },
    options,
  )
}

/** Whether an IMAP or SMTP error is the server refusing the credentials (not a network fault). */
export function isAuthRefusal(e: unknown): boolean {
  const err = e as { authenticationFailed?: boolean; code?: string; responseCode?: number; serverResponseCode?: string }
  return (
    err?.authenticationFailed === true ||
    err?.code === 'EAUTH' ||
    err?.serverResponseCode === 'AUTHENTICATIONFAILED' ||
    err?.responseCode === 535
  )
}
