// Mail authentication as a signal: DKIM, SPF and DMARC through mailauth.
// The judge authenticates players by their key; these results are recorded with every message
// (MailReceived.auth) so that the moderator can see a forged From for what it is.
//
// DNS: by default every query is answered at once with ENOTFOUND (this keeps tests and machines
// without DNS fast and deterministic: results come out as none/neutral, never hang). A real
// deployment sets PBEM_DNS=system to ask the system resolver (with a short timeout).
import { Resolver } from 'node:dns/promises'
import { authenticate } from 'mailauth'

export type DnsResolver = (name: string, rrtype: string) => Promise<string[][] | string[]>

export interface AuthOptions {
  /** the connecting client's IP (SMTP listener); without it the top Received header is used */
  ip?: string
  /** the client's HELO/EHLO name */
  helo?: string
  /** the envelope sender (MAIL FROM); defaults to Return-Path */
  sender?: string
  /** DNS lookups; defaultResolver() unless given */
  resolver?: DnsResolver
  /** our host name for the Authentication-Results text */
  mta?: string
  /** give up after this long (default 10 s); the result is then temperror */
  timeoutMs?: number
}

export interface AuthResults {
  /** pass | fail | none | neutral | temperror | permerror | policy */
  dkim: string
  /** pass | fail | softfail | neutral | none | temperror | permerror */
  spf: string
  /** pass | fail | none | temperror | permerror */
  dmarc: string
  /** one line for people, e.g. "dkim=pass (example.org); spf=none; dmarc=none" */
  summary: string
}

/** Answers every query at once: no such name. */
export const offlineResolver: DnsResolver = async (name: string, rrtype: string) => {
  const err = new Error(`offline DNS: no ${rrtype} record for ${name} (set PBEM_DNS=system to resolve)`) as Error & {
    code: string
    hostname: string
  }
  err.code = 'ENOTFOUND'
  err.hostname = name
  throw err
}

let system: DnsResolver | null = null
/** The system resolver with a short timeout. */
export function systemResolver(): DnsResolver {
  if (!system) {
    const r = new Resolver({ timeout: 3000, tries: 2 })
    system = (name, rrtype) => r.resolve(name, rrtype) as Promise<string[][] | string[]>
  }
  return system
}

/** offlineResolver unless PBEM_DNS=system. */
export function defaultResolver(): DnsResolver {
  return process.env.PBEM_DNS === 'system' ? systemResolver() : offlineResolver
}

interface DkimRow {
  status?: { result?: string; comment?: string }
  signingDomain?: string
}

/**
 * mailauth's header parsing grows with the square of the header's lines: 100,000 folded blank lines
 * took 50 s, 40,000 References 7 s, while the judge waited. A header past these bounds (Postfix's own
 * default header limit is 100 KiB) is not checked: the result says so and the key still decides.
 */
export const AUTH_HEADER_LIMITS = { maxBytes: 100 * 1024, maxLines: 2000 } as const

/** Why the header block is too large to authenticate, or null. Reads at most maxBytes + 4 bytes. */
export function oversizedHeader(raw: Buffer): string | null {
  const scan = Math.min(raw.length, AUTH_HEADER_LIMITS.maxBytes + 4)
  let lines = 1
  for (let i = 0; i < scan; i++) {
    if (raw[i] !== 0x0a) continue
    // A blank line (LF LF or LF CR LF) ends the header.
    if (raw[i + 1] === 0x0a || (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a)) return null
    if (++lines > AUTH_HEADER_LIMITS.maxLines) return `the header has more than ${AUTH_HEADER_LIMITS.maxLines} lines`
  }
  return scan < raw.length ? `the header is larger than ${AUTH_HEADER_LIMITS.maxBytes / 1024} KiB` : null
}

/** DKIM, SPF and DMARC for one raw message. Never throws and never waits longer than timeoutMs. */
export async function authResults(raw: Buffer, opts: AuthOptions = {}): Promise<AuthResults> {
  const tooLarge = oversizedHeader(raw)
  if (tooLarge) return notChecked(tooLarge)
  const resolver = opts.resolver ?? defaultResolver()
  const timeoutMs = opts.timeoutMs ?? 10_000
  let timer: NodeJS.Timeout | undefined
  try {
    const run = authenticate(raw, {
      resolver,
      ...(opts.ip ? { ip: opts.ip } : { trustReceived: true }),
      ...(opts.helo ? { helo: opts.helo } : {}),
      ...(opts.sender ? { sender: opts.sender } : {}),
      mta: opts.mta ?? 'acw-pbem',
      disableArc: true,
      disableBimi: true,
    })
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`mail authentication gave no answer within ${timeoutMs} ms`)),
        timeoutMs,
      )
      timer.unref?.()
    })
    const r = await Promise.race([run, timeout])

    const rows = ((r.dkim as { results?: DkimRow[] } | undefined)?.results ?? []) as DkimRow[]
    const signed = rows.filter((x) => x.status?.result !== 'none')
    const passed = signed.filter((x) => x.status?.result === 'pass')
    let dkim: string
    let dkimNote = ''
    if (passed.length) {
      dkim = 'pass'
      dkimNote = [...new Set(passed.map((x) => x.signingDomain).filter(Boolean))].join(', ')
    } else if (!signed.length) {
      dkim = 'none'
    } else {
      const first = signed[0]!.status ?? {}
      // RFC 6376 calls a signature whose body hash does not verify "neutral"; for the judge a
      // message changed after signing is a failed signature.
      dkim = first.result === 'neutral' || first.result === 'fail' ? 'fail' : (first.result ?? 'none')
      dkimNote = first.comment ?? ''
    }

    const spfResult = (r.spf as { status?: { result?: string } } | false | undefined) || undefined
    const haveClient = Boolean(opts.ip) || Boolean((r.spf as { 'client-ip'?: string } | undefined)?.['client-ip'])
    const spf = haveClient ? (spfResult?.status?.result ?? 'none') : 'none'
    const dmarcResult = (r.dmarc as { status?: { result?: string } } | false | undefined) || undefined
    const dmarc = dmarcResult?.status?.result ?? 'none'
    const summary = `dkim=${dkim}${dkimNote ? ` (${dkimNote})` : ''}; spf=${spf}${haveClient ? '' : ' (no client IP)'}; dmarc=${dmarc}`
    return { dkim, spf, dmarc, summary }
  } catch (e) {
    return notChecked(e instanceof Error ? e.message : String(e))
  } finally {
    if (timer) clearTimeout(timer)
  }
}

function notChecked(why: string): AuthResults {
  return {
    dkim: 'temperror',
    spf: 'temperror',
    dmarc: 'temperror',
    summary: `authentication not checked: ${why}`.slice(0, 300),
  }
}
