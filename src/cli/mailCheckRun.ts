// `pbem mail check` (registered in mailCheck.ts): tries the mail settings the way the judge will use them and says, step by
// step, what works and what to change. It logs in to IMAP and SMTP (by password or OAuth2 token),
// lists the folders the judge uses (creating the missing ones only when asked), sends a test mail
// to the mailbox's own plus-address through the judge's SMTP path (DKIM and all) and waits for it
// over IMAP, then removes it so the intake never sees it. Tokens and passwords are never printed.
import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto'
import { ImapFlow } from 'imapflow'
import { dkimVerify } from 'mailauth'
import type { DnsResolver } from '../mail/auth.ts'
import type { MailConfig } from '../mail/config.ts'
import { connectImap, imapLoginOptions } from '../mail/imapAccount.ts'
import { type AccessTokens, isAuthRefusal, OAuth2Error, TokenRefresher } from '../mail/oauth.ts'
import { composeEml } from '../mail/outbound.ts'
import { SmtpTransport } from '../mail/smtp.ts'

export type Verdict = 'ok' | 'warn' | 'fail' | 'skip'

export interface CheckStep {
  step: string
  verdict: Verdict
  detail: string
  /** the likely fix, when not ok */
  fix?: string
}

export interface MailCheckOptions {
  /** create the folders the judge uses when they are missing */
  createFolders?: boolean
  /** how long to wait for the test mail (default 60 s) */
  waitMs?: number
  /** where the test mail goes (default: the mailbox's plus-address) */
  address?: string
  /** DNS for checking the test mail's DKIM signature (default: the system resolver) */
  resolver?: DnsResolver
  /** the token source (default: one made from the settings) */
  tokens?: AccessTokens | null
}

interface Ctx {
  c: MailConfig
  o: MailCheckOptions
  steps: CheckStep[]
  tokens: AccessTokens | null
  imap: ImapFlow | null
  smtp: SmtpTransport | null
}

function say(ctx: Ctx, step: string, verdict: Verdict, detail: string, fix?: string): void {
  ctx.steps.push({ step, verdict, detail, ...(fix ? { fix } : {}) })
}

/** Runs every step it can; a step whose ground failed is reported as not tried. */
export async function mailCheck(c: MailConfig, o: MailCheckOptions = {}): Promise<CheckStep[]> {
  const wantsToken = c.imap?.auth === 'oauth2' || c.smtp?.auth === 'oauth2'
  // A rotated refresh token is reported as a step of its own, not logged beside the report.
  const made = wantsToken && c.oauth2 ? new TokenRefresher(c.oauth2, { log: () => {} }) : null
  const tokens = o.tokens !== undefined ? o.tokens : made
  const ctx: Ctx = { c, o, steps: [], tokens, imap: null, smtp: null }
  if (!c.imap && !c.smtp) {
    say(
      ctx,
      'settings',
      'warn',
      'no IMAP or SMTP settings: the judge reads and writes its drop folders only',
      'set PBEM_IMAP_* and PBEM_SMTP_* (docs/operating.md)',
    )
    return ctx.steps
  }
  try {
    const tokenOk = await tokenStep(ctx)
    if (c.imap) await imapStep(ctx, tokenOk || c.imap.auth !== 'oauth2')
    if (c.smtp) await smtpStep(ctx, tokenOk || c.smtp.auth !== 'oauth2')
    await roundTrip(ctx)
    rotationStep(ctx)
  } finally {
    ctx.smtp?.close()
    await ctx.imap?.logout().catch(() => ctx.imap?.close())
  }
  return ctx.steps
}

async function tokenStep(ctx: Ctx): Promise<boolean> {
  if (!ctx.tokens) return false
  try {
    await ctx.tokens.token()
    const left = ctx.tokens instanceof TokenRefresher && ctx.tokens.expiresAt ? ctx.tokens.expiresAt - Date.now() : null
    say(
      ctx,
      'OAuth2 token',
      'ok',
      `the token endpoint gave an access token${left ? ` (valid for ${Math.round(left / 60_000)} min)` : ''}`,
    )
    return true
  } catch (e) {
    const err = e as OAuth2Error
    say(ctx, 'OAuth2 token', 'fail', err instanceof OAuth2Error ? err.what : String(e), err.fix)
    return false
  }
}

/** A provider that rotates refresh tokens: whether the new one was kept for the next start. */
function rotationStep(ctx: Ctx): void {
  const r = ctx.tokens instanceof TokenRefresher ? ctx.tokens.rotation : null
  if (!r) return
  const step = 'OAuth2 refresh token'
  say(ctx, step, r.outcome === 'stored' ? 'ok' : r.outcome === 'failed' ? 'fail' : 'warn', r.what, r.fix)
}

function loginFix(e: unknown, how: 'password' | 'oauth2', proto: string): string {
  if (isAuthRefusal(e))
    return how === 'oauth2'
      ? `the server refused the token: check that ${proto} is enabled for the mailbox and that the client was granted the mail scope (docs/operating.md, provider notes)`
      : `the server refused the password: check the user and password; providers that want OAuth2 refuse passwords (set PBEM_${proto}_AUTH=oauth2)`
  return `the server could not be reached: check PBEM_${proto}_HOST, _PORT and _TLS`
}

async function imapStep(ctx: Ctx, canTry: boolean): Promise<void> {
  const a = ctx.c.imap!
  const label = `IMAP log-in (${a.user}@${a.host}:${a.port}, ${a.auth === 'oauth2' ? 'OAuth2' : 'password'})`
  if (!canTry) return say(ctx, label, 'skip', 'not tried: no access token')
  const account = { ...a, tokens: a.auth === 'oauth2' ? ctx.tokens : null }
  const client = new ImapFlow({ ...(await imapLoginOptions(account)), disableAutoIdle: true })
  client.on('error', () => {})
  try {
    await connectImap(client, account)
  } catch (e) {
    return say(ctx, label, 'fail', (e as Error).message, loginFix(e, a.auth, 'IMAP'))
  }
  ctx.imap = client
  say(ctx, label, 'ok', 'logged in')
  await folderStep(ctx)
}

async function folderStep(ctx: Ctx): Promise<void> {
  const a = ctx.c.imap!
  const have = new Set((await ctx.imap!.list()).map((m) => m.path))
  for (const [what, path] of [
    ['orders are read from', a.mailbox],
    ['handled mail goes to', a.processed],
    ['mail that failed goes to', a.failed],
  ] as const) {
    const step = `folder ${path}`
    if (have.has(path)) say(ctx, step, 'ok', `exists (${what})`)
    else if (path === a.mailbox)
      say(ctx, step, 'fail', `missing (${what})`, 'set PBEM_IMAP_MAILBOX to a folder that exists')
    else if (!ctx.o.createFolders)
      say(
        ctx,
        step,
        'warn',
        `missing (${what}); the judge creates it when first needed`,
        'run pbem mail check --create-folders to create it now',
      )
    else {
      try {
        await ctx.imap!.mailboxCreate(path)
        say(ctx, step, 'ok', `created (${what})`)
      } catch (e) {
        say(
          ctx,
          step,
          'fail',
          `could not be created: ${(e as Error).message}`,
          'create it with the mail provider, or name another folder',
        )
      }
    }
  }
}

async function smtpStep(ctx: Ctx, canTry: boolean): Promise<void> {
  const s = ctx.c.smtp!
  const label = `SMTP log-in (${s.user ? `${s.user}@` : ''}${s.host}:${s.port}, ${s.auth === 'oauth2' ? 'OAuth2' : s.user ? 'password' : 'no log-in'})`
  if (!canTry) return say(ctx, label, 'skip', 'not tried: no access token')
  const smtp = new SmtpTransport({
    ...s,
    tokens: s.auth === 'oauth2' ? ctx.tokens : null,
    dkim: ctx.c.dkim ?? null,
    mailDomain: ctx.c.mailDomain,
    parallel: 1,
    timeoutMs: 15_000,
  })
  try {
    await smtp.verify()
  } catch (e) {
    smtp.close()
    return say(ctx, label, 'fail', (e as Error).message, loginFix(e, s.auth, 'SMTP'))
  }
  ctx.smtp = smtp
  say(ctx, label, 'ok', s.user ? 'logged in' : 'connected (no log-in configured)')
}

/** The mailbox's own address with a tag: local+tag@domain. */
export function plusAddress(mailbox: string, tag: string): string {
  const at = mailbox.lastIndexOf('@')
  return `${mailbox.slice(0, at)}+${tag}${mailbox.slice(at)}`
}

function mailboxAddress(c: MailConfig): string | null {
  const user = c.imap?.user ?? c.smtp?.user ?? null
  if (user?.includes('@')) return user
  return user && c.mailDomain ? `${user}@${c.mailDomain}` : null
}

async function roundTrip(ctx: Ctx): Promise<void> {
  const step = 'test mail to the plus-address'
  if (!ctx.imap || !ctx.smtp) return say(ctx, step, 'skip', 'not tried: needs both log-ins to work')
  const own = mailboxAddress(ctx.c)
  if (!own && !ctx.o.address)
    return say(ctx, step, 'skip', 'the mailbox has no address', 'set PBEM_MAIL_DOMAIN, or give --address')
  const stamp = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  const to = ctx.o.address ?? plusAddress(own!, `pbem-check-${stamp}`)
  const messageId = `check.${stamp}@${ctx.c.mailDomain ?? own!.split('@')[1]}`
  const mail = {
    messageId,
    from: own ?? to,
    to,
    subject: `acw-pbem mail check ${stamp}`,
    text: 'A test mail from pbem mail check. It is removed once it has arrived.\n',
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
  try {
    await ctx.smtp.send(mail, await composeEml(mail, new Date()), 0)
  } catch (e) {
    const err = e as { command?: string; responseCode?: number }
    const refusedRcpt = /RCPT/i.test(err.command ?? '') || err.responseCode === 550 || err.responseCode === 553
    return say(
      ctx,
      step,
      'fail',
      `not sent to ${to}: ${(e as Error).message}`,
      refusedRcpt && !ctx.o.address
        ? 'the provider refused plus addressing: give --address with an alias that reaches this mailbox'
        : 'the server took the log-in but not the mail: check the sending address is allowed for this account',
    )
  }
  const raw = await awaitArrival(ctx, messageId)
  if (!raw)
    return say(
      ctx,
      step,
      'fail',
      `sent to ${to} but not in ${ctx.c.imap!.mailbox} within ${(ctx.o.waitMs ?? 60_000) / 1000} s`,
      `look in the spam folder (publish SPF, DKIM and DMARC: docs/operating.md); a provider without plus addressing may have dropped it: give --address; a judge running meanwhile may have filed it in ${ctx.c.imap!.processed}`,
    )
  say(ctx, step, 'ok', `sent to ${to} and read back over IMAP; removed again`)
  await dkimStep(ctx, raw)
}

/** Polls the read mailbox for the test mail; returns its bytes after removing it, or null. */
async function awaitArrival(ctx: Ctx, messageId: string): Promise<Buffer | null> {
  const client = ctx.imap!
  const deadline = Date.now() + (ctx.o.waitMs ?? 60_000)
  const lock = await client.getMailboxLock(ctx.c.imap!.mailbox)
  try {
    while (Date.now() < deadline) {
      await client.noop()
      const uids = await client.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true })
      if (uids && uids.length > 0) {
        const msg = await client.fetchOne(String(uids[0]), { source: true }, { uid: true })
        await client.messageDelete(uids.join(','), { uid: true })
        return msg ? (msg.source ?? Buffer.alloc(0)) : Buffer.alloc(0)
      }
      await new Promise((r) => setTimeout(r, 300))
    }
    return null
  } finally {
    lock.release()
  }
}

/** The DKIM TXT record that publishes the configured key's public half. */
export function dkimRecord(privateKeyPem: string): string {
  const der = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' })
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`
}

async function dkimStep(ctx: Ctx, raw: Buffer): Promise<void> {
  const d = ctx.c.dkim
  const step = 'DKIM signature'
  if (!d)
    return say(
      ctx,
      step,
      'warn',
      'not signed: no DKIM key configured',
      'set PBEM_DKIM_SELECTOR and PBEM_DKIM_KEY_FILE (docs/operating.md)',
    )
  const name = `${d.selector}._domainkey.${d.domain}`
  const { systemResolver } = await import('../mail/auth.ts')
  const r = (await dkimVerify(raw, { resolver: ctx.o.resolver ?? systemResolver() })) as {
    results?: { signingDomain?: string; status?: { result?: string } }[]
  }
  const mine = r.results?.find((x) => x.signingDomain?.toLowerCase() === d.domain.toLowerCase())
  const result = mine?.status?.result ?? 'none'
  if (result === 'pass') return say(ctx, step, 'ok', `signed as ${name}; the signature verifies against DNS`)
  say(
    ctx,
    step,
    'fail',
    `signed as ${name} but the signature does not verify (${result})`,
    `publish a TXT record ${name} = "${dkimRecord(d.privateKey)}"`,
  )
}

const MARK: Record<Verdict, string> = { ok: 'OK  ', warn: 'WARN', fail: 'FAIL', skip: 'SKIP' }

/** The report, one line per step and its fix under it. */
export function checkLines(steps: CheckStep[]): string[] {
  return steps.flatMap((s) => [`${MARK[s.verdict]}  ${s.step}: ${s.detail}`, ...(s.fix ? [`      fix: ${s.fix}`] : [])])
}
