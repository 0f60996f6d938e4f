// The hostile-mail corpus (hostile and unlucky mail: no denial of service, no lost order, every
// cost bounded): each entry is one attack (or a short sequence of messages), what the
// fixed judge must make of it, and what it may cost at most. The large messages are generated here,
// deterministically; small literal ones live in fixtures/. test/mail/hostile.test.ts runs the corpus
// and bench/hostile.ts prints what it actually costs. The bounds are the issue's, not today's figures.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import type { OutboundMail } from '../../../src/mail/outbound.ts'

export type Outcome =
  | 'orders-accepted'
  | 'orders-rejected'
  | 'refused'
  | 'ignored-automated'
  | 'duplicate'
  | 'command'
  | 'unidentified'
  | 'unreadable'

/** What an entry runs against: one judge with the main game and decoy games a stranger must never hear of. */
export interface HostileWorld {
  game: string
  decoys: string[]
  /** the main game's player keys by role */
  keys: Record<string, string>
  moderatorKey: string
  /** every key of every game on the judge (players and moderators) */
  allKeys: string[]
  judgeDomain: string
  players: { north: string; south: string }
  moderator: string
  maxBytes: number
}

export interface Reply {
  id: number
  recipient: string
  kind: string
  mail: OutboundMail
}

export interface MessageRun {
  raw: Buffer
  /** the From address as a naive reader sees it ('' when none) */
  sender: string
  outcome: Outcome | 'threw' | string
  error?: string
  ms: number
  replies: Reply[]
  /** bytes of the rows the message added to every table */
  dbGrowth: number
  /** MailReceived records appended for this message */
  records: Record<string, unknown>[]
  /** OrdersAccepted / OrdersRejected appended to any game for this message */
  filed: { type: string; data: Record<string, unknown> }[]
}

export interface EntryRun {
  messages: MessageRun[]
  onFileBefore: Record<string, string[] | null>
  onFileAfter: Record<string, string[] | null>
  paused: boolean
}

export interface HostileEntry {
  name: string
  /** what the bench groups the figures by */
  kind: string
  attacks: string
  /** the raw messages, fed in order */
  messages: (w: HostileWorld) => Buffer[]
  /** allowed outcomes, one list per message (the last list holds for the rest) */
  expect: Outcome[][]
  maxMs: number
  maxReplyTextBytes: number
  maxReplyHtmlBytes: number
  /** the most bytes of new rows one message may add, given its raw size */
  maxDbGrowth: (rawBytes: number) => number
  /** whether the (last) message's sender must get a reply (true) or must get none (false) */
  answered?: boolean
  /** clock step between the messages of a sequence */
  stepMs: number
  check?: (run: EntryRun, w: HostileWorld) => void
}

export const KiB = 1024
export const MiB = 1024 * KiB
/** The corpus's bounds. The time bound (CPU milliseconds) is generous on purpose: it catches quadratic reading (once 17 s for 120 KB), not a slow CI machine. */
export const MAX_MS = 3000
export const MAX_REPLY_TEXT = 64 * KiB
export const MAX_REPLY_HTML = 128 * KiB
export const dbGrowthBound = (rawBytes: number): number => 4 * rawBytes + 128 * KiB

export const STRANGER = 'nosy@elsewhere.test'
export const THIEF = 'thief@elsewhere.test'
export const FORGER = 'forger@elsewhere.test'

type Spec = Omit<
  HostileEntry,
  'expect' | 'maxMs' | 'maxReplyTextBytes' | 'maxReplyHtmlBytes' | 'maxDbGrowth' | 'stepMs' | 'messages'
> & {
  expect: Outcome | Outcome[] | Outcome[][]
  messages: (w: HostileWorld) => Buffer | Buffer[]
  maxMs?: number
  maxReplyTextBytes?: number
  maxReplyHtmlBytes?: number
  maxDbGrowth?: (rawBytes: number) => number
  stepMs?: number
}

function entry(s: Spec): HostileEntry {
  const expect: Outcome[][] = Array.isArray(s.expect)
    ? Array.isArray(s.expect[0])
      ? (s.expect as Outcome[][])
      : [s.expect as Outcome[]]
    : [[s.expect]]
  return {
    ...s,
    messages: (w) => ([] as Buffer[]).concat(s.messages(w)),
    expect,
    maxMs: s.maxMs ?? MAX_MS,
    maxReplyTextBytes: s.maxReplyTextBytes ?? MAX_REPLY_TEXT,
    maxReplyHtmlBytes: s.maxReplyHtmlBytes ?? MAX_REPLY_HTML,
    maxDbGrowth: s.maxDbGrowth ?? dbGrowthBound,
    stepMs: s.stepMs ?? 60_000,
  }
}

// ------------------------------------------------------------------------------------ builders

let sequence = 0
/** Fresh per message, so that only the duplicate entries ever repeat a Message-ID. */
const nextId = (tag: string) => `hostile-${tag}-${++sequence}@hostile.example.test`

interface MailSpec {
  from?: string | null
  to?: string
  subject?: string
  /** null leaves the header out */
  messageId?: string | null
  headers?: string[]
  contentType?: string | null
  encoding?: string | null
  body: string | Buffer
  /** line end of the header (the body is taken as given) */
  eol?: string
}

export function mail(m: MailSpec): Buffer {
  const eol = m.eol ?? '\r\n'
  const lines = [
    ...(m.from === null ? [] : [`From: ${m.from ?? STRANGER}`]),
    `To: ${m.to ?? 'orders@judge.example.test'}`,
    `Subject: ${m.subject ?? 'orders'}`,
    'Date: Mon, 2 Mar 2026 12:00:00 +0000',
    ...(m.messageId === null ? [] : [`Message-ID: <${m.messageId ?? nextId('m')}>`]),
    'MIME-Version: 1.0',
    ...(m.contentType === null ? [] : [`Content-Type: ${m.contentType ?? 'text/plain; charset=utf-8'}`]),
    ...(m.encoding === null ? [] : [`Content-Transfer-Encoding: ${m.encoding ?? '8bit'}`]),
    ...(m.headers ?? []),
  ]
  return Buffer.concat([Buffer.from(lines.join(eol) + eol + eol, 'utf8'), Buffer.from(m.body)])
}

const fixturesDir = new URL('./fixtures/', import.meta.url)
/** A literal fixture with {{GAME}}, {{KEY:role}} and {{MODKEY}} filled in (latin1 keeps every other byte). */
export function fixture(file: string, w: HostileWorld): Buffer {
  const text = readFileSync(new URL(file, fixturesDir))
    .toString('latin1')
    .replace(/\{\{GAME\}\}/g, w.game)
    .replace(/\{\{MODKEY\}\}/g, w.moderatorKey)
    .replace(/\{\{KEY:([a-z]+)\}\}/g, (_, role: string) => w.keys[role]!)
  return Buffer.from(text, 'latin1')
}

const envelope = (w: HostileWorld, role = 'south', key = w.keys[role]!) =>
  `GAME ${w.game} ${role.toUpperCase()}\r\nKEY ${key}\r\n`
/** Valid orders of South in the fixture duel's first round (test/games/fixtures/duel.ts). */
const REAL_ORDERS = 'DRAW 2\r\nHIGH THROW\r\n'
const realOrders = (w: HostileWorld) => envelope(w) + REAL_ORDERS
/** A second valid set, to tell a set filed by a hostile message from the one on file. */
const otherOrders = (w: HostileWorld) => `${envelope(w)}DRAW 1\r\n`
const fromSouth = (w: HostileWorld, body: string | Buffer, more: Partial<MailSpec> = {}) =>
  mail({ from: w.players.south, body, ...more })
const fromStranger = (body: string | Buffer, more: Partial<MailSpec> = {}) => mail({ from: STRANGER, body, ...more })

/** `unit` repeated to `bytes` bytes (cut to length), then `tail`. */
const fill = (unit: string, bytes: number, tail = '') =>
  unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes) + tail
const lines = (line: string, n: number, eol = '\r\n') => (line + eol).repeat(n)
const base64Lines = (data: Buffer | string, width = 76) => {
  const encoded = Buffer.from(data).toString('base64')
  const out: string[] = []
  for (let at = 0; at < encoded.length; at += width) out.push(encoded.slice(at, at + width))
  return out.join('\r\n')
}
/** A body that makes the whole message `total` bytes long. */
const sizedTo = (total: number, build: (bodyBytes: number) => Buffer): Buffer => {
  const probe = build(0)
  return build(total - probe.length)
}
/** Multipart nested `depth` deep, the top level included (its Content-Type goes in the message header). */
function nestedMultipart(depth: number, inner: string): Partial<MailSpec> & { body: string } {
  let body = '--b0\r\n'
  for (let i = 1; i < depth; i++) body += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`
  body += `Content-Type: text/plain\r\n\r\n${inner}\r\n`
  for (let i = depth - 1; i >= 0; i--) body += `\r\n--b${i}--\r\n`
  return { contentType: 'multipart/mixed; boundary="b0"', encoding: null, body }
}
function multipart(parts: string[], boundary = 'hostile-boundary', close = true): string {
  return `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}${close ? `--${boundary}--\r\n` : ''}`
}
const textPart = (text: string) => `Content-Type: text/plain; charset=utf-8\r\n\r\n${text}`

// ------------------------------------------------------------------------------------ checks

/** The sender got a reply whose subject or text matches. */
function toldSender(run: EntryRun, pattern: RegExp, at = -1): void {
  const m = run.messages.at(at)!
  const hit = m.replies.find((r) => r.recipient === m.sender && pattern.test(`${r.mail.subject}\n${r.mail.text}`))
  assert.ok(
    hit,
    `a reply to ${m.sender} matching ${pattern}; got ${JSON.stringify(m.replies.map((r) => r.mail.subject))}`,
  )
}

/** When the parser gives up, the person who wrote is told the message could not be read. */
function toldIfUnreadable(run: EntryRun): void {
  for (const [i, m] of run.messages.entries())
    if (m.outcome === 'unreadable' && m.sender) toldSender(run, /could not be read/i, i)
}

function ordersUnchanged(run: EntryRun): void {
  assert.deepEqual(run.onFileAfter, run.onFileBefore, 'the orders on file changed')
}

function rejectionErrors(run: EntryRun, at = -1): { line: number; text: string; message: string }[] {
  const filed = run.messages.at(at)!.filed.find((f) => f.type === 'OrdersRejected')
  assert.ok(filed, 'an OrdersRejected record')
  return filed.data.errors as { line: number; text: string; message: string }[]
}

/** The over-long line gets exactly one error and is not parsed further. */
function oneErrorForLine(line: number): (run: EntryRun) => void {
  return (run) => {
    const errors = rejectionErrors(run)
    assert.equal(errors.filter((e) => e.line === line).length, 1, `errors for line ${line}`)
    boundedErrorList(run)
  }
}

/** At most 50 errors, then one "... and N more errors" line; no error quotes more than ~120 characters. */
function boundedErrorList(run: EntryRun): void {
  const m = run.messages.at(-1)!
  const errors = rejectionErrors(run)
  assert.ok(errors.length <= 51, `${errors.length} errors recorded`)
  // Characters as a person counts them: an astral-plane character is one, not two UTF-16 units.
  for (const e of errors) {
    const quoted = [...e.text].length
    assert.ok(quoted <= 130, `an error quotes ${quoted} characters`)
  }
  const ack = m.replies.find((r) => r.kind === 'ack')
  assert.ok(ack, 'an acknowledgement')
  const errorLines = ack.mail.text.split('\n').filter((l) => /^\s*line \d+:/i.test(l))
  assert.ok(errorLines.length <= 51, `${errorLines.length} error lines in the acknowledgement`)
  if (errors.length > 50) assert.match(ack.mail.text, /\.\.\. and [\d,]+ more errors/)
}

function manyErrorsSummarised(run: EntryRun): void {
  boundedErrorList(run)
  const errors = rejectionErrors(run)
  assert.equal(errors.length, 51, 'fifty errors and the summary line')
  assert.match(run.messages.at(-1)!.replies.find((r) => r.kind === 'ack')!.mail.text, /\.\.\. and [\d,]+ more errors/)
}

/** Over 2,000 order lines: refused whole, nothing parsed (ORDER_LIMITS.maxOrderLines). */
function tooManyLinesRefused(run: EntryRun): void {
  boundedErrorList(run)
  const errors = rejectionErrors(run)
  // One error for the lines; a text past the read limit (256 KiB) earns the one for its unread tail too.
  assert.ok(errors.length <= 2, `${errors.length} errors`)
  assert.ok(
    errors.some((e) => /more than 2,000 order lines/.test(e.message)),
    'the too-many-lines error',
  )
}

/** No reply quotes more than ~130 characters of a repeated unit (a long line echoed back). */
function neverQuotesRunOf(unit: string): (run: EntryRun) => void {
  const run130 = unit.repeat(Math.ceil(131 / unit.length))
  return (run) => {
    for (const m of run.messages)
      for (const r of m.replies)
        assert.ok(
          !`${r.mail.text}${r.mail.html ?? ''}`.includes(run130),
          `reply "${r.mail.subject.slice(0, 60)}" quotes a long run`,
        )
  }
}

function all(...checks: ((run: EntryRun, w: HostileWorld) => void)[]) {
  return (run: EntryRun, w: HostileWorld) => {
    for (const c of checks) c(run, w)
  }
}

function recordFieldsBounded(run: EntryRun): void {
  for (const m of run.messages)
    for (const r of m.records)
      for (const field of ['subject', 'from', 'messageId'])
        assert.ok(String(r[field] ?? '').length <= 500, `record ${field} of ${String(r[field]).length} characters`)
}

function notesBounded(run: EntryRun): void {
  for (const m of run.messages)
    for (const r of m.records) {
      const notes = (r.notes as string[] | undefined) ?? []
      assert.ok(notes.length <= 21, `${notes.length} reading notes recorded`)
    }
}

function referencesBounded(run: EntryRun): void {
  for (const m of run.messages)
    for (const r of m.replies) {
      assert.ok((r.mail.references ?? []).length <= 21, `a reply threads on ${(r.mail.references ?? []).length} ids`)
      assert.ok((r.mail.inReplyTo ?? '').length <= 300, 'In-Reply-To bounded')
    }
}

function notPaused(run: EntryRun): void {
  assert.equal(run.paused, false, 'a forged moderator command paused the game')
}

function repliesTo(run: EntryRun, address: string, pattern?: RegExp): Reply[] {
  return run.messages.flatMap((m) =>
    m.replies.filter((r) => r.recipient === address && (!pattern || pattern.test(r.mail.subject))),
  )
}

// ------------------------------------------------------------------------------------ the corpus

const strangerTold: Outcome[] = ['unidentified', 'command']
const anyReading: Outcome[] = ['orders-accepted', 'orders-rejected']

/** Bodies of blanks with one letter at the end: the quadratic trailing-blank pass. */
const slowText: HostileEntry[] = [
  ...(
    [
      ['ws-spaces-120k', ' ', 120 * KiB],
      ['ws-spaces-300k', ' ', 300 * KiB],
      ['ws-spaces-1m', ' ', 1 * MiB],
      ['ws-spaces-near-limit', ' ', 2 * MiB - 2 * KiB],
      ['ws-tabs-1m', '\t', 1 * MiB],
      ['ws-mixed-1m', ' \t  \t', 1 * MiB],
      ['ws-space-crlf-lines-1m', ' \r\n', 1 * MiB],
      ['ws-space-lf-lines-1m', '  \n', 1 * MiB],
      ['ws-tab-space-crlf-lines-2m', ' \t \r\n', 2 * MiB - 2 * KiB],
      ['ws-vt-ff-1m', ' \v\f ', 1 * MiB],
      ['ws-nbsp-1m', '\u00a0', 1 * MiB],
    ] as const
  ).map(([name, unit, bytes]) =>
    entry({
      name,
      kind: 'whitespace body',
      attacks: `${Math.round(bytes / KiB)} KiB of ${JSON.stringify(unit)} with one letter at the end, from a stranger`,
      messages: () => fromStranger(fill(unit, bytes - 600, 'x')),
      expect: strangerTold,
      answered: true,
    }),
  ),
  entry({
    name: 'ws-qp-encoded-spaces',
    kind: 'whitespace body',
    attacks: 'quoted-printable =20 decoding to 600 KB of spaces, one letter at the end',
    messages: () => fromStranger(`${fill('=20', 1.8 * MiB)}x\r\n`, { encoding: 'quoted-printable' }),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'ws-base64-encoded-spaces',
    kind: 'whitespace body',
    attacks: 'base64 decoding to 1.4 MB of spaces and tabs, one letter at the end',
    messages: () => fromStranger(base64Lines(fill(' \t', 1.4 * MiB, 'x')), { encoding: 'base64' }),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'ws-html-spaces',
    kind: 'whitespace body',
    attacks: 'an HTML-only body of 1.5 MB of spaces with one letter at the end',
    messages: () => fromStranger(`<html><body>${fill(' ', 1.5 * MiB)}x</body></html>`, { contentType: 'text/html' }),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'ws-after-keyed-orders',
    kind: 'whitespace body',
    attacks: 'a valid envelope, then one 1.9 MB line of spaces ending in a letter',
    messages: (w) => fromSouth(w, `${envelope(w)}${fill(' ', 1.9 * MiB, 'x')}\r\n`),
    expect: 'orders-rejected',
    check: oneErrorForLine(3),
  }),
  ...(
    [
      ['lines-thanks-100k', 'thanks'],
      ['lines-regards-100k', 'Regards'],
      ['lines-on-wrote-100k', 'On Mon, X wrote:'],
      ['lines-from-x-100k', 'From: x'],
      ['lines-quoted-100k', '> quoted'],
      ['lines-only-gt-100k', '>>>>>>>>>>'],
      ['lines-signature-100k', '-- '],
      ['lines-original-message-100k', '-----Original Message-----'],
    ] as const
  ).map(([name, line]) =>
    entry({
      name,
      kind: '100k closing lines',
      attacks: `100,000 lines of "${line}": every closing-word heuristic rescanning to the end`,
      messages: () => fromStranger(lines(line, 100_000, '\n').slice(0, 2 * MiB - 2 * KiB)),
      expect: strangerTold,
      answered: true,
    }),
  ),
  entry({
    name: 'lines-thanks-after-orders',
    kind: '100k closing lines',
    attacks: 'a keyed order set followed by 100,000 "thanks" lines',
    messages: (w) => fromSouth(w, realOrders(w) + lines('thanks', 100_000, '\n')),
    expect: anyReading,
    check: (run) => {
      if (run.messages[0]!.outcome === 'orders-rejected') boundedErrorList(run)
    },
  }),
  entry({
    name: 'lines-thanks-blank-alternating',
    kind: '100k closing lines',
    attacks: '"thanks" then three blank lines, 20,000 times (a closing word every few lines)',
    messages: () => fromStranger('thanks\n\n\n\n'.repeat(20_000)),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'empty-lines-100k-then-orders',
    kind: '100k closing lines',
    attacks: '100,000 empty lines, then a keyed order set (the GAME line starts the orders)',
    messages: (w) => fromSouth(w, lines('', 100_000) + realOrders(w)),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'orders-then-empty-lines-100k',
    kind: '100k closing lines',
    attacks: 'a keyed order set, then 100,000 empty lines',
    messages: (w) => fromSouth(w, realOrders(w) + lines('', 100_000)),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'one-line-1.9m-letters',
    kind: 'one huge line',
    attacks: 'one 1.9 MB line of letters from a stranger',
    messages: () => fromStranger(fill('abcdefgh', 1.9 * MiB)),
    expect: strangerTold,
    answered: true,
    check: neverQuotesRunOf('abcdefgh'),
  }),
  entry({
    name: 'one-line-1.9m-after-envelope',
    kind: 'one huge line',
    attacks: 'a valid envelope, then one 1.9 MB order line',
    messages: (w) => fromSouth(w, `${envelope(w)}DRAW ${fill('1 ', 1.9 * MiB)}\r\n`),
    expect: 'orders-rejected',
    check: all(oneErrorForLine(3), neverQuotesRunOf('1 ')),
  }),
  entry({
    name: 'nul-bytes-1m',
    kind: 'odd bytes',
    attacks: '1 MB of NUL bytes in a text/plain body',
    messages: () => fromStranger(Buffer.alloc(1 * MiB, 0)),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'zero-width-1m',
    kind: 'odd bytes',
    attacks: '350,000 zero-width spaces and joiners, then a letter',
    messages: () => fromStranger(fill('\u200b\u200d\ufeff', 350_000, 'x')),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'combining-marks-1m',
    kind: 'odd bytes',
    attacks: 'one letter carrying 500,000 combining accents',
    messages: () => fromStranger(`a${'\u0301'.repeat(500_000)}`),
    expect: strangerTold,
    answered: true,
  }),
]

/** One keyed line or message multiplied into errors, acknowledgements and records. */
const amplification: HostileEntry[] = [
  ...(
    [
      ['long-line-10k', 10 * KiB],
      ['long-line-40k', 40 * KiB],
      ['long-line-200k', 200 * KiB],
    ] as const
  ).map(([name, bytes]) =>
    entry({
      name,
      kind: 'long order line',
      attacks: `a ${bytes / KiB} KiB line repeating a number after a valid envelope (once 2,501 errors quoting it whole)`,
      messages: (w: HostileWorld) => fromSouth(w, `${envelope(w)}DRAW ${fill('1 ', bytes)}\r\nDRAW 1\r\n`),
      expect: 'orders-rejected' as const,
      check: all(oneErrorForLine(3), neverQuotesRunOf('1 ')),
    }),
  ),
  entry({
    name: 'long-line-1001',
    kind: 'long order line',
    attacks: 'an order line one character over the 1,000 limit',
    messages: (w) => fromSouth(w, `${envelope(w)}${`DRAW ${fill('1 ', 1001 - 5)}`}\r\n`),
    expect: 'orders-rejected',
    check: oneErrorForLine(3),
  }),
  entry({
    name: 'long-line-1000',
    kind: 'long order line',
    attacks: 'an order line of exactly 1,000 characters: parsed, but its errors are capped',
    messages: (w) => fromSouth(w, `${envelope(w)}${`DRAW ${fill('1 Q99 ', 1000 - 5)}`}\r\n`),
    expect: 'orders-rejected',
    check: boundedErrorList,
  }),
  entry({
    name: 'long-line-emoji-100k',
    kind: 'long order line',
    attacks: 'a line of 100,000 astral-plane characters (400 KB of UTF-8)',
    messages: (w) => fromSouth(w, `${envelope(w)}${'\u{1F6A2}'.repeat(100_000)}\r\n`),
    expect: 'orders-rejected',
    check: oneErrorForLine(3),
  }),
  entry({
    name: 'bad-lines-5000',
    kind: 'many errors',
    attacks: '5,000 lines, each an error',
    messages: (w) => fromSouth(w, envelope(w) + lines('XYZ: MOVE Q99', 5000)),
    expect: 'orders-rejected',
    check: tooManyLinesRefused,
  }),
  entry({
    name: 'bad-lines-150000',
    kind: 'many errors',
    attacks: '150,000 one-word error lines (1.9 MB)',
    messages: (w) => fromSouth(w, envelope(w) + lines('Q9', 150_000, '\n')),
    expect: 'orders-rejected',
    check: tooManyLinesRefused,
  }),
  entry({
    name: 'bad-lines-999-chars',
    kind: 'many errors',
    attacks: '1,900 lines of 999 characters each, every one an error quoting its line',
    messages: (w) => fromSouth(w, envelope(w) + lines(`XYZ: MOVE ${fill('Q99 ', 989)}`, 1900)),
    expect: 'orders-rejected',
    check: all(manyErrorsSummarised, neverQuotesRunOf('Q99 ')),
  }),
  entry({
    name: 'near-miss-names-5000',
    kind: 'many errors',
    attacks: '5,000 near-miss order words, each earning a suggestion',
    messages: (w) => fromSouth(w, envelope(w) + lines('DRAWW 9 PASSS HIGHH', 5000)),
    expect: 'orders-rejected',
    check: tooManyLinesRefused,
  }),
  entry({
    name: 'valid-lines-20000',
    kind: 'many lines',
    attacks: '20,000 repetitions of a valid order line (the echo of the set must be cut)',
    messages: (w) => fromSouth(w, envelope(w) + lines('HIGH ASK', 20_000)),
    expect: anyReading,
  }),
  entry({
    name: 'game-lines-10000',
    kind: 'many lines',
    attacks: '10,000 GAME lines',
    messages: (w) => fromSouth(w, lines(`GAME ${w.game} SOUTH`, 10_000) + realOrders(w)),
    expect: [...anyReading, 'refused'],
  }),
  entry({
    name: 'game-lines-every-game',
    kind: 'many lines',
    attacks: 'GAME lines naming decoy and unknown games 5,000 times, then a valid envelope',
    messages: (w) =>
      fromSouth(w, lines([...w.decoys, 'nosuch'].map((g) => `GAME ${g} NORTH`).join('\r\n'), 1700) + realOrders(w)),
    expect: [...anyReading, 'refused', 'unidentified'],
  }),
  entry({
    name: 'key-huge-1m',
    kind: 'huge envelope value',
    attacks: 'a KEY line with a 1 MB value',
    messages: (w) => fromSouth(w, `GAME ${w.game} SOUTH\r\nKEY ${fill('0123456789abcdef', 1 * MiB)}\r\n${REAL_ORDERS}`),
    expect: 'refused',
    answered: true,
    check: all(ordersUnchanged, neverQuotesRunOf('0123456789abcdef')),
  }),
  entry({
    name: 'key-lines-10000',
    kind: 'huge envelope value',
    attacks: '10,000 KEY lines with the right key',
    messages: (w) => fromSouth(w, `GAME ${w.game} SOUTH\r\n${lines(`KEY ${w.keys.south}`, 10_000)}${REAL_ORDERS}`),
    expect: [...anyReading, 'refused'],
  }),
  entry({
    name: 'salt-1m',
    kind: 'huge envelope value',
    attacks: 'a SALT line of 1 MB',
    messages: (w) => fromSouth(w, `${envelope(w)}SALT ${fill('magnolia', 1 * MiB)}\r\n${REAL_ORDERS}`),
    expect: anyReading,
    check: neverQuotesRunOf('magnolia'),
  }),
  entry({
    name: 'standing-order-100k',
    kind: 'long order line',
    attacks: 'a standing-order line of 100 KB of answers',
    messages: (w) => fromSouth(w, `${envelope(w)}HIGH ${fill('ASK OR THROW; ', 100 * KiB)}ASK\r\n`),
    expect: 'orders-rejected',
    check: all(oneErrorForLine(3), neverQuotesRunOf('ASK OR THROW; ')),
  }),
  entry({
    name: 'count-list-100k',
    kind: 'long order line',
    attacks: 'a DRAW line listing 50,000 counts',
    messages: (w) => fromSouth(w, `${envelope(w)}DRAW ${fill('2,', 100 * KiB)}3\r\n`),
    expect: 'orders-rejected',
    check: all(oneErrorForLine(3), neverQuotesRunOf('2,')),
  }),
  entry({
    name: 'comment-1m',
    kind: 'long order line',
    attacks: 'a valid set with one comment line of 1 MB',
    messages: (w) => fromSouth(w, `${realOrders(w)}# ${fill('why not ', 1 * MiB)}\r\n`),
    expect: anyReading,
    check: neverQuotesRunOf('why not '),
  }),
]

/** MIME built to break or slow the parser. */
const mime: HostileEntry[] = [
  entry({
    name: 'nested-multipart-3000',
    kind: 'unreadable MIME',
    attacks: 'multipart nested 3,000 deep',
    messages: () => mail({ from: STRANGER, ...nestedMultipart(3000, 'hello') }),
    expect: ['unreadable', ...strangerTold],
    answered: true,
    check: toldIfUnreadable,
  }),
  entry({
    name: 'nested-multipart-3000-keyed',
    kind: 'unreadable MIME',
    attacks: 'a keyed order set at the bottom of multipart nested 3,000 deep',
    messages: (w) => mail({ from: w.players.south, ...nestedMultipart(3000, realOrders(w)) }),
    // a parser that reads the MIME lines as text makes a rejection: harmless, nothing replaced
    expect: ['unreadable', 'orders-accepted', 'orders-rejected'],
    answered: true,
    check: all(toldIfUnreadable, (run) => {
      if (run.messages[0]!.outcome !== 'orders-accepted') ordersUnchanged(run)
    }),
  }),
  entry({
    name: 'nested-multipart-100',
    kind: 'unreadable MIME',
    attacks: 'multipart nested 100 deep (a parser should cope)',
    messages: () => mail({ from: STRANGER, ...nestedMultipart(100, 'hello') }),
    expect: ['unreadable', ...strangerTold],
    answered: true,
    check: toldIfUnreadable,
  }),
  entry({
    name: 'nested-rfc822-500',
    kind: 'unreadable MIME',
    attacks: 'message/rfc822 parts nested 500 deep',
    messages: () => {
      let inner = 'Content-Type: text/plain\r\n\r\nhello\r\n'
      for (let i = 0; i < 499; i++) inner = `Subject: level ${i}\r\nContent-Type: message/rfc822\r\n\r\n${inner}`
      return fromStranger(inner, { contentType: 'message/rfc822', encoding: null })
    },
    expect: ['unreadable', ...strangerTold],
    answered: true,
    check: toldIfUnreadable,
  }),
  entry({
    name: 'boundary-never-appears',
    kind: 'unreadable MIME',
    attacks: 'a multipart whose boundary never appears in the body',
    messages: () =>
      fromStranger('--other\r\nContent-Type: text/plain\r\n\r\nhello\r\n--other--\r\n', {
        contentType: 'multipart/mixed; boundary="never-there"',
        encoding: null,
      }),
    expect: ['unreadable', 'refused', ...strangerTold],
    answered: true,
    check: toldIfUnreadable,
  }),
  entry({
    name: 'boundary-never-appears-keyed',
    kind: 'unreadable MIME',
    attacks: 'a keyed order set inside a multipart whose boundary never appears',
    messages: (w) =>
      fromSouth(w, `--other\r\n${textPart(otherOrders(w))}\r\n--other--\r\n`, {
        contentType: 'multipart/mixed; boundary="never-there"',
        encoding: null,
      }),
    expect: ['unreadable', 'refused', 'command', 'orders-accepted'],
    answered: true,
    check: all(toldIfUnreadable, (run) => {
      if (run.messages[0]!.outcome !== 'orders-accepted') ordersUnchanged(run)
    }),
  }),
  entry({
    name: 'multipart-never-closed-keyed',
    kind: 'cut short',
    attacks: 'a keyed order set in a multipart whose closing line never came (cut short in transit)',
    messages: (w) =>
      fromSouth(w, multipart([textPart(otherOrders(w))], 'XYZ', false), {
        contentType: 'multipart/mixed; boundary="XYZ"',
        encoding: null,
      }),
    expect: ['refused', 'unreadable'],
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'multipart-10000-parts',
    kind: 'many parts',
    attacks: 'a multipart of 10,000 empty parts',
    messages: () =>
      fromStranger(multipart(Array.from({ length: 10_000 }, () => 'Content-Type: text/plain\r\n\r\n')), {
        contentType: 'multipart/mixed; boundary="hostile-boundary"',
        encoding: null,
      }),
    expect: ['unreadable', ...strangerTold],
    answered: true,
    check: all(toldIfUnreadable, notesBounded),
  }),
  entry({
    name: 'attachments-1000-tiny',
    kind: 'many parts',
    attacks: 'a keyed order set with 1,000 tiny binary attachments',
    messages: (w) =>
      fromSouth(
        w,
        multipart([
          textPart(realOrders(w)),
          ...Array.from(
            { length: 1000 },
            (_, i) =>
              `Content-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="a${i}.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\nAAEC`,
          ),
        ]),
        { contentType: 'multipart/mixed; boundary="hostile-boundary"', encoding: null },
      ),
    // mailparser stops at a number of parts: 'unreadable' (and the sender told) is the issue's answer then
    expect: ['orders-accepted', 'unreadable'],
    check: all(notesBounded, toldIfUnreadable),
  }),
  entry({
    name: 'text-attachments-1000',
    kind: 'many parts',
    attacks: 'an empty body with 1,000 text/plain attachments of orders',
    messages: (w) =>
      fromSouth(
        w,
        multipart([
          textPart(''),
          ...Array.from(
            { length: 1000 },
            (_, i) =>
              `Content-Type: text/plain\r\nContent-Disposition: attachment; filename="orders${i}.txt"\r\n\r\n${realOrders(w)}`,
          ),
        ]),
        { contentType: 'multipart/mixed; boundary="hostile-boundary"', encoding: null },
      ),
    expect: [...anyReading, 'command', 'unreadable'],
    check: all(notesBounded, toldIfUnreadable),
  }),
  entry({
    name: 'huge-text-attachment-with-orders',
    kind: 'huge attachment',
    attacks: 'a keyed order set with a 1.5 MB text attachment',
    messages: (w) =>
      fromSouth(
        w,
        multipart([
          textPart(realOrders(w)),
          `Content-Type: text/plain\r\nContent-Disposition: attachment; filename="log.txt"\r\n\r\n${lines('DRAWW 99 CARDS NOW', 80_000)}`,
        ]),
        { contentType: 'multipart/mixed; boundary="hostile-boundary"', encoding: null },
      ),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'huge-text-attachment-only',
    kind: 'huge attachment',
    attacks: 'an empty body and a 1.8 MB text attachment of error lines after a valid envelope',
    messages: (w) =>
      fromSouth(
        w,
        multipart([
          textPart(''),
          `Content-Type: text/plain\r\nContent-Disposition: attachment; filename="orders.txt"\r\n\r\n${envelope(w)}${lines('DRAWW 99 CARDS NOW', 95_000)}`,
        ]),
        { contentType: 'multipart/mixed; boundary="hostile-boundary"', encoding: null },
      ),
    expect: ['orders-rejected', 'command'],
    check: (run) => {
      if (run.messages[0]!.outcome === 'orders-rejected') boundedErrorList(run)
    },
  }),
  entry({
    name: 'garbage-headers',
    kind: 'broken header',
    attacks: 'header lines of binary garbage and lines without a colon around a From line',
    messages: () => {
      const garbage = Buffer.from(
        Array.from({ length: 4000 }, (_, i) => (i * 131 + 7) % 256).filter((b) => b !== 10 && b !== 13),
      )
      return Buffer.concat([
        Buffer.from(`From: ${STRANGER}\r\n`),
        garbage,
        Buffer.from('\r\nno colon here\r\n:\r\n::::\r\nX-\x01\x02: \x03\r\nSubject: hi\r\n\r\nhello\r\n'),
      ])
    },
    expect: ['unreadable', ...strangerTold],
    check: toldIfUnreadable,
  }),
  entry({
    name: 'nul-in-headers',
    kind: 'broken header',
    attacks: 'NUL bytes in the Subject, the From display name and the Message-ID',
    messages: () =>
      fromStranger('hello\r\n', {
        subject: 'a\0b\0c',
        from: `"Eve\0Null" <${STRANGER}>`,
        messageId: `nul\0id-${++sequence}@elsewhere.test`,
      }),
    expect: ['unreadable', ...strangerTold],
    answered: true,
  }),
  entry({
    name: 'invalid-utf8-in-comment',
    kind: 'charset',
    attacks: 'invalid UTF-8 bytes in a comment of a keyed order set',
    messages: (w) =>
      fromSouth(
        w,
        Buffer.concat([
          Buffer.from(realOrders(w)),
          Buffer.from([0x23, 0x20, 0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x0d, 0x0a]),
        ]),
      ),
    expect: anyReading,
  }),
  entry({
    name: 'invalid-utf8-1m',
    kind: 'charset',
    attacks: '1 MB of invalid UTF-8 in a body declared UTF-8',
    messages: () =>
      fromStranger(Buffer.from(Array.from({ length: 1 * MiB }, (_, i) => [0xc3, 0xff, 0x80, 0xfe][i % 4]!))),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'unknown-charset-keyed',
    kind: 'charset',
    attacks: 'a keyed order set declared in an unknown charset',
    messages: (w) => fromSouth(w, realOrders(w), { contentType: 'text/plain; charset="x-klingon-pIqaD"' }),
    expect: ['orders-accepted', 'orders-rejected', 'unreadable'],
    check: toldIfUnreadable,
  }),
  entry({
    name: 'charset-utf16-declared-ascii',
    kind: 'charset',
    attacks: 'an ASCII order set declared UTF-16',
    messages: (w) => fromSouth(w, realOrders(w), { contentType: 'text/plain; charset=utf-16' }),
    expect: ['orders-accepted', 'orders-rejected', 'unreadable', 'unidentified', 'command'],
    answered: true,
    check: all(toldIfUnreadable, (run) => {
      if (run.messages[0]!.outcome !== 'orders-accepted') ordersUnchanged(run)
    }),
  }),
  entry({
    name: 'charset-unknown-1m-encoded-words',
    kind: 'charset',
    attacks: 'a Subject of 20,000 encoded words in an unknown charset',
    messages: (w) => fromSouth(w, realOrders(w), { subject: '=?x-unknown?B?QUJD?= '.repeat(20_000).trim() }),
    expect: 'orders-accepted',
    check: recordFieldsBounded,
  }),
  entry({
    name: 'rtl-override-in-orders',
    kind: 'charset',
    attacks: 'right-to-left overrides and zero-width joiners inside order lines',
    messages: (w) => fromSouth(w, `${envelope(w)}\u202e2 WARD\u202c\r\nHIGH\u200d ASK\u200b\r\n`),
    expect: anyReading,
  }),
  entry({
    name: 'zero-width-in-envelope',
    kind: 'charset',
    attacks: 'zero-width characters inside the GAME and KEY words',
    messages: (w) => fromSouth(w, `GA\u200bME ${w.game} SOUTH\r\nK\u200dEY ${w.keys.south}\r\n${REAL_ORDERS}`),
    expect: ['orders-accepted', 'orders-rejected', 'unidentified', 'refused'],
    answered: true,
  }),
  entry({
    name: 'rtl-subject-and-name',
    kind: 'charset',
    attacks: 'RTL overrides in the Subject and the From display name of a keyed order set',
    messages: (w) =>
      fromSouth(w, realOrders(w), {
        subject: '=?utf-8?B?4oCuc3JlZHJvIGV2aWwgZW0=?=',
        from: `"\u202eEve\u202c" <${w.players.south}>`,
      }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'html-nested-1m',
    kind: 'HTML body',
    attacks: 'an HTML-only keyed order set inside 1 MB of nested <div>',
    messages: (w) =>
      fromSouth(w, `${'<div>'.repeat(200_000)}${realOrders(w).replace(/\r\n/g, '<br>')}`, {
        contentType: 'text/html; charset=utf-8',
      }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'html-100k-br',
    kind: 'HTML body',
    attacks: 'an HTML-only body of 100,000 <br> before a keyed order set',
    messages: (w) =>
      fromSouth(w, `<html><body>${'<br>'.repeat(100_000)}${realOrders(w).replace(/\r\n/g, '<br>\r\n')}</body></html>`, {
        contentType: 'text/html; charset=utf-8',
      }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'html-unclosed-comment-1m',
    kind: 'HTML body',
    attacks: 'an HTML body that opens 200,000 comments and never closes one',
    messages: () => fromStranger(`<html><body>hello${'<!-- '.repeat(200_000)}`, { contentType: 'text/html' }),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'html-lt-1m',
    kind: 'HTML body',
    attacks: 'an HTML body of 1.5 MB of "<" characters',
    messages: () => fromStranger(`<p>${'<'.repeat(1.5 * MiB)}x`, { contentType: 'text/html' }),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'html-entities-300k',
    kind: 'HTML body',
    attacks: 'an HTML body of 300,000 entities',
    messages: () => fromStranger(`<p>${'&amp;&#x200b;&nbsp;'.repeat(100_000)}x</p>`, { contentType: 'text/html' }),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'html-nested-tables-20k',
    kind: 'HTML body',
    attacks: 'an HTML body of tables nested 20,000 deep',
    messages: () => fromStranger(`${'<table><tr><td>'.repeat(20_000)}hello`, { contentType: 'text/html' }),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'html-and-text-alternative-huge',
    kind: 'HTML body',
    attacks: 'multipart/alternative: a keyed text part and a 1.5 MB nested HTML part',
    messages: (w) =>
      fromSouth(w, multipart([textPart(realOrders(w)), `Content-Type: text/html\r\n\r\n${'<span>'.repeat(250_000)}`]), {
        contentType: 'multipart/alternative; boundary="hostile-boundary"',
        encoding: null,
      }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'qp-soft-breaks-everywhere',
    kind: 'transfer encoding',
    attacks: 'a keyed order set in quoted-printable with a soft line break after every character',
    messages: (w) => fromSouth(w, realOrders(w).replace(/[^\r\n]/g, '$&=\r\n'), { encoding: 'quoted-printable' }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'qp-soft-breaks-only-1m',
    kind: 'transfer encoding',
    attacks: '1.9 MB of quoted-printable soft line breaks and nothing else',
    messages: () => fromStranger(`${fill('=\r\n', 1.9 * MiB)}x`, { encoding: 'quoted-printable' }),
    expect: strangerTold,
    answered: true,
  }),
  entry({
    name: 'qp-invalid-escapes',
    kind: 'transfer encoding',
    attacks: '600,000 invalid quoted-printable escapes',
    messages: () => fromStranger(fill('=ZZ', 1.8 * MiB, 'x'), { encoding: 'quoted-printable' }),
    expect: strangerTold,
    answered: true,
  }),
  ...([1, 2, 3] as const).map((cut) =>
    entry({
      name: `base64-cut-short-${cut}`,
      kind: 'cut short',
      attacks: `orders on file, then a keyed base64 set missing its last ${cut} character(s) (ends mid-quantum)`,
      messages: (w: HostileWorld) => {
        const encoded = Buffer.from(otherOrders(w)).toString('base64')
        return [
          fromSouth(w, realOrders(w)),
          fromSouth(w, `${encoded.slice(0, encoded.length - cut).replace(/.{76}/g, '$&\r\n')}\r\n`, {
            encoding: 'base64',
          }),
        ]
      },
      expect: [['orders-accepted'], ['refused']],
      answered: true,
      check: (run: EntryRun) => {
        assert.ok(
          run.onFileAfter.south?.some((l) => /DRAW 2/.test(l)),
          'the set filed before the cut message stays on file',
        )
        assert.match(String(run.messages[1]!.records[0]?.detail), /cut short/i)
        toldSender(run, /cut short|incomplete/i)
      },
    }),
  ),
  entry({
    name: 'base64-one-2m-line',
    kind: 'transfer encoding',
    attacks: 'a keyed order set padded with comments, base64 on one 1.9 MB line',
    messages: (w) =>
      fromSouth(w, `${base64Lines(realOrders(w) + lines('# padding', 140_000), Number.POSITIVE_INFINITY)}\r\n`, {
        encoding: 'base64',
      }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'base64-garbage-characters',
    kind: 'transfer encoding',
    attacks: 'a base64 body with 500 KB of characters outside the alphabet',
    messages: (w) => fromSouth(w, `${fill('!@#$%^&*', 500 * KiB)}\r\n`, { encoding: 'base64' }),
    expect: ['refused', 'unreadable', 'command', 'unidentified'],
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'content-type-10000-params',
    kind: 'broken header',
    attacks: 'a Content-Type header with 10,000 parameters',
    messages: (w) =>
      fromSouth(w, realOrders(w), {
        contentType: `text/plain; charset=utf-8${Array.from({ length: 10_000 }, (_, i) => `; p${i}="v${i}"`).join('')}`,
      }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'rfc2231-continuations-10000',
    kind: 'broken header',
    attacks: 'an attachment filename in 10,000 RFC 2231 continuations',
    messages: (w) =>
      fromSouth(
        w,
        multipart([
          textPart(realOrders(w)),
          `Content-Type: application/octet-stream\r\nContent-Disposition: attachment;${Array.from({ length: 10_000 }, (_, i) => `\r\n filename*${i}*=utf-8''%41%42`).join(';')}\r\nContent-Transfer-Encoding: base64\r\n\r\nAAEC`,
        ]),
        { contentType: 'multipart/mixed; boundary="hostile-boundary"', encoding: null },
      ),
    expect: 'orders-accepted',
    check: notesBounded,
  }),
]

/** Headers built to be huge or to smuggle headers into the replies. */
const headers: HostileEntry[] = [
  entry({
    name: 'subject-1m-folded',
    kind: 'huge header',
    attacks: 'a keyed order set with a 1 MB Subject folded over 20,000 lines',
    messages: (w) =>
      fromSouth(w, realOrders(w), { subject: lines('Orders for the raiders and more', 20_000, '\r\n ').trim() }),
    expect: 'orders-accepted',
    check: recordFieldsBounded,
  }),
  entry({
    name: 'subject-1m-one-line',
    kind: 'huge header',
    attacks: 'a Subject of one 1.5 MB line from a stranger',
    messages: () => fromStranger('HELP\r\n', { subject: fill('subject ', 1.5 * MiB) }),
    expect: ['command', 'unreadable'],
    answered: true,
    check: all(recordFieldsBounded, neverQuotesRunOf('subject '), toldIfUnreadable),
  }),
  entry({
    name: 'header-line-1m',
    kind: 'huge header',
    attacks: 'an unknown header of 1.5 MB on a keyed order set',
    messages: (w) => fromSouth(w, realOrders(w), { headers: [`X-Junk: ${fill('junk ', 1.5 * MiB)}`] }),
    expect: ['orders-accepted', 'unreadable'],
    answered: true,
    check: all(toldIfUnreadable, neverQuotesRunOf('junk ')),
  }),
  entry({
    name: 'header-name-1m',
    kind: 'huge header',
    attacks: 'a header whose name is 1 MB long',
    messages: (w) => fromSouth(w, realOrders(w), { headers: [`X-${fill('N', 1 * MiB)}: v`] }),
    expect: ['orders-accepted', 'unreadable'],
    check: toldIfUnreadable,
  }),
  entry({
    name: 'folded-100k-continuations',
    kind: 'huge header',
    attacks: 'a header continued over 100,000 lines of blanks',
    messages: (w) => fromSouth(w, realOrders(w), { headers: [`X-Folded: a${'\r\n \t'.repeat(100_000)}b`] }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'to-10000-recipients',
    kind: 'many addresses',
    attacks: '10,000 recipients in To',
    messages: (w) =>
      fromSouth(w, realOrders(w), {
        to: [
          'orders@judge.example.test',
          ...Array.from({ length: 10_000 }, (_, i) => `victim${i}@elsewhere.test`),
        ].join(',\r\n '),
      }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'cc-reply-addresses-5000',
    kind: 'many addresses',
    attacks: '5,000 judge reply addresses with wrong keys in Cc',
    messages: (w) =>
      fromStranger('hello\r\n', {
        headers: [
          `Cc: ${Array.from({ length: 5000 }, (_, i) => `orders+${w.game}.north.${String(i).padStart(20, '0')}@${w.judgeDomain}`).join(',\r\n ')}`,
        ],
      }),
    expect: ['unidentified', 'refused', 'command'],
    answered: true,
  }),
  entry({
    name: 'received-10000',
    kind: 'many addresses',
    attacks: '10,000 Received headers',
    messages: (w) =>
      fromSouth(w, realOrders(w), {
        headers: Array.from(
          { length: 10_000 },
          (_, i) => `Received: from relay${i}.elsewhere.test by judge; Mon, 2 Mar 2026 12:00:00 +0000`,
        ),
      }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'references-40000',
    kind: 'many addresses',
    attacks: 'References with 40,000 message ids',
    messages: (w) =>
      fromSouth(w, realOrders(w), {
        headers: [`References: ${Array.from({ length: 40_000 }, (_, i) => `<r${i}@elsewhere.test>`).join('\r\n ')}`],
      }),
    expect: 'orders-accepted',
    check: referencesBounded,
  }),
  entry({
    name: 'message-id-1m',
    kind: 'huge header',
    attacks: 'a Message-ID of 1 MB on a keyed order set',
    messages: (w) => fromSouth(w, realOrders(w), { messageId: `${fill('m', 1 * MiB)}@elsewhere.test` }),
    expect: ['orders-accepted', 'unreadable'],
    answered: true,
    check: all(recordFieldsBounded, referencesBounded, toldIfUnreadable),
  }),
  entry({
    name: 'in-reply-to-1m',
    kind: 'huge header',
    attacks: 'an In-Reply-To of 1 MB from a stranger',
    messages: () => fromStranger('HELP\r\n', { headers: [`In-Reply-To: <${fill('i', 1 * MiB)}@elsewhere.test>`] }),
    expect: ['command', 'unreadable'],
    answered: true,
    check: all(referencesBounded, toldIfUnreadable),
  }),
  entry({
    name: 'inject-subject-encoded-crlf',
    kind: 'header injection',
    attacks: 'an encoded CR LF and Bcc in the Subject',
    messages: (w) => fixture('inject-subject-encoded-crlf.eml', w),
    expect: 'unidentified',
    answered: true,
  }),
  entry({
    name: 'inject-from-name-encoded-crlf',
    kind: 'header injection',
    attacks: 'an encoded CR LF, Bcc and a second To in the From display name',
    messages: (w) => fixture('inject-from-name-encoded-crlf.eml', w),
    expect: 'command',
    answered: true,
  }),
  entry({
    name: 'inject-keyed-subject-crlf',
    kind: 'header injection',
    attacks: 'a keyed order set whose Subject and display name decode to CR LF Bcc (the ack echoes the subject)',
    messages: (w) => fixture('inject-keyed-subject-crlf.eml', w),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'inject-subject-bare-cr',
    kind: 'header injection',
    attacks: 'bare CR and bare LF inside the Subject',
    messages: () => fromStranger('HELP\r\n', { subject: 'hello\rBcc: victim@evil.test\nX-Injected: yes' }),
    expect: ['command', 'unidentified', 'unreadable'],
    answered: true,
  }),
  entry({
    name: 'inject-message-id-crlf',
    kind: 'header injection',
    attacks: 'bare CR and LF with Bcc inside the Message-ID (echoed in In-Reply-To and References)',
    messages: () =>
      fromStranger('HELP\r\n', { messageId: `mid-${++sequence}@x\rBcc: victim@evil.test\nX-Injected: yes` }),
    expect: ['command', 'unidentified', 'unreadable'],
    answered: true,
  }),
  entry({
    name: 'inject-in-reply-to-crlf',
    kind: 'header injection',
    attacks: 'In-Reply-To and References carrying bare CR LF and Bcc',
    messages: () =>
      fromStranger('HELP\r\n', {
        headers: ['In-Reply-To: <a@b\rBcc: victim@evil.test>', 'References: <c@d\nBcc: victim@evil.test> <e@f>'],
      }),
    expect: ['command', 'unidentified', 'unreadable'],
    answered: true,
  }),
  entry({
    name: 'from-two-addresses',
    kind: 'header injection',
    attacks: 'a From header with two addresses (the reply must go to one)',
    messages: () => mail({ from: `${STRANGER}, victim@evil.test`, body: 'HELP\r\n' }),
    expect: ['command', 'unidentified'],
  }),
  entry({
    name: 'from-empty-group',
    kind: 'header injection',
    attacks: 'a From of an empty group: nobody to answer',
    messages: () => mail({ from: 'undisclosed-recipients:;', body: 'HELP\r\n' }),
    expect: 'unidentified',
  }),
  entry({
    name: 'no-from',
    kind: 'header injection',
    attacks: 'no From header at all, Reply-To set to a victim',
    messages: () => mail({ from: null, body: 'HELP\r\n', headers: ['Reply-To: victim@evil.test'] }),
    expect: 'unidentified',
    check: (run) => assert.deepEqual(repliesTo(run, 'victim@evil.test'), [], 'a reply went to Reply-To'),
  }),
]

/** Robots are never answered. */
const robots: HostileEntry[] = [
  ...[
    ['robot-auto-submitted', 'Auto-Submitted: auto-replied'],
    ['robot-precedence-bulk', 'Precedence: bulk'],
    ['robot-precedence-list', 'Precedence: list'],
    ['robot-precedence-junk', 'Precedence: junk'],
    ['robot-list-id', 'List-Id'],
    ['robot-mailer-daemon', 'a MAILER-DAEMON sender'],
    ['robot-postmaster', 'a postmaster sender'],
    ['robot-empty-return-path', 'an empty Return-Path'],
    ['robot-x-autoreply', 'X-Autoreply'],
    ['robot-own-x-mailer', 'our own X-Mailer "acw-pbem" echoed back by a relay'],
    ['robot-from-judge-orders', "From: the judge's own orders@ address"],
    ['robot-auto-submitted-keyed', 'Auto-Submitted on a keyed order set from the player (no ack to a robot)'],
  ].map(([name, what]) =>
    entry({
      name: name!,
      kind: 'robot',
      attacks: `${what}: answering would start a mail loop`,
      messages: (w) => fixture(`${name}.eml`, w),
      expect: 'ignored-automated',
      answered: false,
      check: ordersUnchanged,
    }),
  ),
  entry({
    name: 'robot-own-reply-address',
    kind: 'robot',
    attacks: "From: the judge's own reply address orders+<game>.<role>.<key>@",
    messages: (w) => mail({ from: `orders+${w.game}.south.${w.keys.south}@${w.judgeDomain}`, body: realOrders(w) }),
    expect: 'ignored-automated',
    answered: false,
    check: ordersUnchanged,
  }),
  entry({
    name: 'robot-auto-submitted-1m',
    kind: 'robot',
    attacks: 'an auto-reply quoting 1.9 MB',
    messages: () =>
      fromStranger(lines('> quoted', 200_000).slice(0, 1.9 * MiB), { headers: ['Auto-Submitted: auto-replied'] }),
    expect: 'ignored-automated',
    answered: false,
  }),
  entry({
    name: 'robot-unreadable-mime',
    kind: 'robot',
    attacks: 'an auto-reply whose MIME is nested 3,000 deep',
    messages: () =>
      mail({ from: STRANGER, ...nestedMultipart(3000, 'away'), headers: ['Auto-Submitted: auto-replied'] }),
    expect: ['ignored-automated', 'unreadable'],
    answered: false,
  }),
  entry({
    name: 'robot-oversized',
    kind: 'robot',
    attacks: 'an auto-reply over the size limit',
    messages: () => fromStranger(fill('x', 3 * MiB), { headers: ['Precedence: bulk'] }),
    expect: ['ignored-automated', 'refused'],
    answered: false,
  }),
]

/** Keys, forged senders and strangers fishing for games. */
const auth: HostileEntry[] = [
  entry({
    name: 'wrong-key',
    kind: 'no valid key',
    attacks: "the player's address with a wrong key",
    messages: (w) => fixture('wrong-key.eml', w),
    expect: 'refused',
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'forged-from-no-key',
    kind: 'no valid key',
    attacks: "a forged From of South's player, no key",
    messages: (w) => fixture('forged-from-no-key.eml', w),
    expect: 'refused',
    check: ordersUnchanged,
  }),
  entry({
    name: 'stranger-wrong-key',
    kind: 'no valid key',
    attacks: 'a stranger with a wrong key for a real role (the player of record is told)',
    messages: (w) => fixture('stranger-wrong-key-alert.eml', w),
    expect: 'refused',
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'stranger-other-roles-key',
    kind: 'no valid key',
    attacks: "North's key offered for the south role",
    messages: (w) => fromStranger(`${envelope(w, 'south', w.keys.north)}${REAL_ORDERS}`),
    expect: 'refused',
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'stranger-decoy-games-key',
    kind: 'no valid key',
    attacks: 'a key of another game on the judge offered for the main game',
    messages: (w) =>
      fromStranger(
        `${envelope(w, 'south', w.allKeys.find((k) => !Object.values(w.keys).includes(k) && k !== w.moderatorKey)!)}${REAL_ORDERS}`,
      ),
    expect: 'refused',
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'reply-address-wrong-key',
    kind: 'no valid key',
    attacks: 'a reply address orders+<game>.<role>.<wrong key>@ with no KEY line',
    messages: (w) => fromStranger(REAL_ORDERS, { to: `orders+${w.game}.south.0000000000000000dead@${w.judgeDomain}` }),
    expect: 'refused',
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'reply-address-other-game',
    kind: 'no valid key',
    attacks: "a reply address naming a decoy game with the main game's key",
    messages: (w) => fromStranger('DRAW 1\r\n', { to: `orders+${w.decoys[0]}.south.${w.keys.south}@${w.judgeDomain}` }),
    expect: ['refused', 'orders-rejected'],
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'stranger-help',
    kind: 'stranger',
    attacks: 'HELP from a stranger (it must list no game)',
    messages: (w) => fixture('stranger-help.eml', w),
    expect: 'command',
    answered: true,
  }),
  entry({
    name: 'stranger-unknown-game',
    kind: 'stranger',
    attacks: 'orders for a game that does not exist (the refusal must list no other game)',
    messages: (w) => fixture('stranger-unknown-game.eml', w),
    expect: 'unidentified',
    answered: true,
  }),
  entry({
    name: 'stranger-no-game',
    kind: 'stranger',
    attacks: 'a friendly mail with no GAME line asking which games run',
    messages: (w) => fixture('stranger-no-game.eml', w),
    expect: 'unidentified',
    answered: true,
  }),
  entry({
    name: 'stranger-unknown-role',
    kind: 'stranger',
    attacks: 'a role the main game does not have',
    messages: (w) => fromStranger(`GAME ${w.game} BRITISH\r\nKEY 0123456789abcdef0123\r\nDRAW 1\r\n`),
    expect: ['unidentified', 'refused'],
    answered: true,
  }),
  entry({
    name: 'second-address-with-key',
    kind: 'stranger',
    attacks: "orders from another address with the player's key (accepted; the player of record warned)",
    messages: (w) => mail({ from: THIEF, body: otherOrders(w) }),
    expect: 'orders-accepted',
    check: (run, w) => assert.ok(repliesTo(run, w.players.south, /came from/).length === 1, 'the player is warned'),
  }),
]

const keyed = (w: HostileWorld, body: string, key = w.keys.south!) =>
  fromSouth(w, `${envelope(w, 'south', key)}${body}`)
const BAD_KEY = '0123456789abcdef0123'

/** Mail commands, keyed and not (every answer bounded; forged moderator mail does nothing). */
const commands: HostileEntry[] = [
  ...(
    [
      ['cmd-status', 'STATUS'],
      ['cmd-history', 'HISTORY'],
      ['cmd-report-999999999', 'REPORT 999999999'],
      ['cmd-report-nonsense', 'REPORT -1e309'],
      ['cmd-verify-99999', 'VERIFY 99999'],
      ['cmd-orders', 'ORDERS'],
      ['cmd-help-keyed', 'HELP'],
      ['cmd-decide-garbage', 'DECIDE \u0000\u202e;DROP TABLE events;-- ALL'],
      ['cmd-set-zone-garbage', 'SET ZONE ../../../../etc/passwd'],
      ['cmd-set-absence-garbage', 'SET ABSENCE 9999-99-99 0000-00-00'],
    ] as const
  ).flatMap(([name, line]) => [
    entry({
      name,
      kind: 'mail command',
      attacks: `${line} with the player's key`,
      messages: (w: HostileWorld) => keyed(w, `${line}\r\n`),
      expect: 'command' as const,
      answered: true,
      check: ordersUnchanged,
    }),
    entry({
      name: `${name}-bad-key`,
      kind: 'mail command',
      attacks: `${line} with a wrong key`,
      messages: (w: HostileWorld) => keyed(w, `${line}\r\n`, BAD_KEY),
      expect: 'refused' as const,
      answered: true,
      check: ordersUnchanged,
    }),
  ]),
  entry({
    name: 'cmd-decide-1m',
    kind: 'mail command',
    attacks: 'DECIDE with a 1 MB decision id',
    messages: (w) => keyed(w, `DECIDE ${fill('GT1-D1', 1 * MiB)} FIGHT\r\n`),
    expect: ['command', 'orders-rejected'],
    answered: true,
    check: neverQuotesRunOf('GT1-D1'),
  }),
  entry({
    name: 'cmd-press-all-1m',
    kind: 'press',
    attacks: "PRESS ALL with the player's key and a 1 MB message",
    messages: (w) => keyed(w, `PRESS ALL\r\n${lines(fill('The Confederacy sends its regards. ', 200), 5200)}`),
    expect: 'command',
    answered: true,
  }),
  entry({
    name: 'cmd-press-all-1m-bad-key',
    kind: 'press',
    attacks: 'PRESS ALL with a wrong key and a 1 MB message',
    messages: (w) => keyed(w, `PRESS ALL\r\n${lines(fill('The Confederacy sends its regards. ', 200), 5200)}`, BAD_KEY),
    expect: 'refused',
    answered: true,
    check: (run, w) => {
      for (const r of run.messages[0]!.replies)
        assert.ok(!/regards/.test(r.mail.text) || r.recipient === w.players.south, `the press reached ${r.recipient}`)
    },
  }),
  entry({
    name: 'cmd-press-one-line-1m',
    kind: 'press',
    attacks: 'PRESS NORTH with one 1.5 MB line',
    messages: (w) => keyed(w, `PRESS NORTH\r\n${fill('spam ', 1.5 * MiB)}\r\n`),
    expect: 'command',
    answered: true,
  }),
  entry({
    name: 'cmd-status-then-100k-lines',
    kind: 'mail command',
    attacks: 'STATUS followed by 100,000 lines',
    messages: (w) => keyed(w, `STATUS\r\n${lines('STATUS', 100_000)}`),
    expect: 'command',
    answered: true,
  }),
  entry({
    name: 'mod-forged-key-pause',
    kind: 'moderator forgery',
    attacks: 'PAUSE claiming the moderator role with a wrong key',
    messages: (w) => mail({ from: FORGER, body: `GAME ${w.game} MODERATOR\r\nKEY ${BAD_KEY}\r\nPAUSE\r\n` }),
    expect: 'command',
    answered: true,
    check: notPaused,
  }),
  entry({
    name: 'mod-no-key-process',
    kind: 'moderator forgery',
    attacks: 'PROCESS claiming the moderator role with no key',
    messages: (w) => mail({ from: FORGER, body: `GAME ${w.game} MODERATOR\r\nPROCESS\r\nEJECT south\r\n` }),
    expect: 'command',
    answered: true,
    check: all(notPaused, ordersUnchanged),
  }),
  entry({
    name: 'mod-players-key',
    kind: 'moderator forgery',
    attacks: "moderator commands with a player's key, from the player's address",
    messages: (w) =>
      fromSouth(
        w,
        `GAME ${w.game} MODERATOR\r\nKEY ${w.keys.south}\r\nPAUSE\r\nREPLACE north thief@elsewhere.test\r\n`,
      ),
    expect: 'command',
    answered: true,
    check: notPaused,
  }),
  entry({
    name: 'mod-forged-from-moderator',
    kind: 'moderator forgery',
    attacks: "the moderator's own From address with a wrong key",
    messages: (w) => mail({ from: w.moderator, body: `GAME ${w.game} MODERATOR\r\nKEY ${BAD_KEY}\r\nPAUSE\r\n` }),
    expect: 'command',
    answered: true,
    check: notPaused,
  }),
  entry({
    name: 'mod-forged-decoy-game',
    kind: 'moderator forgery',
    attacks: 'a forged moderator command for a decoy game',
    messages: (w) => mail({ from: FORGER, body: `GAME ${w.decoys[0]} MODERATOR\r\nKEY ${BAD_KEY}\r\nSTATUS\r\n` }),
    expect: 'command',
    answered: true,
  }),
  entry({
    name: 'mod-valid-key-2000-garbage-lines',
    kind: 'moderator command',
    attacks: 'the real moderator key with 2,000 garbage command lines of 900 digits (every answer line bounded)',
    messages: (w) =>
      mail({
        from: w.moderator,
        body: `GAME ${w.game} MODERATOR\r\nKEY ${w.moderatorKey}\r\n${lines(`EXTEND ${fill('9', 900)}H`, 2000)}`,
      }),
    expect: 'command',
    answered: true,
    check: all(notPaused, neverQuotesRunOf('9999999999')),
  }),
]

/** What counts as the same message. */
const duplicates: HostileEntry[] = [
  entry({
    name: 'dup-same-bytes',
    kind: 'duplicate',
    attacks: 'the same bytes delivered twice',
    messages: (w) => {
      const raw = fromSouth(w, otherOrders(w))
      return [raw, raw]
    },
    expect: [['orders-accepted'], ['duplicate']],
  }),
  entry({
    name: 'dup-same-bytes-unreadable',
    kind: 'duplicate',
    attacks: 'the same unreadable message delivered twice',
    messages: () => {
      const raw = mail({ from: STRANGER, ...nestedMultipart(3000, 'hello') })
      return [raw, raw]
    },
    expect: [['unreadable', ...strangerTold], ['duplicate']],
  }),
  entry({
    name: 'dup-same-bytes-oversized',
    kind: 'duplicate',
    attacks: 'the same oversized message delivered twice',
    messages: () => {
      const raw = fromStranger(fill('x', 2 * MiB + 10))
      return [raw, raw]
    },
    expect: [['refused'], ['duplicate']],
  }),
  entry({
    name: 'dup-message-id-other-sender',
    kind: 'duplicate',
    attacks: "a stranger's junk first, then the player's orders under the same Message-ID",
    messages: (w) => {
      const id = nextId('shared')
      return [fromStranger('buy now\r\n', { messageId: id }), fromSouth(w, realOrders(w), { messageId: id })]
    },
    expect: [strangerTold, ['orders-accepted']],
  }),
  entry({
    name: 'dup-message-id-other-body',
    kind: 'duplicate',
    attacks: 'the same Message-ID and sender with a different order set',
    messages: (w) => {
      const id = nextId('resent')
      return [fromSouth(w, realOrders(w), { messageId: id }), fromSouth(w, otherOrders(w), { messageId: id })]
    },
    expect: [['orders-accepted'], ['orders-accepted']],
    check: (run) => assert.deepEqual(run.onFileAfter.south, ['DRAW 1'], 'the second set is on file'),
  }),
  entry({
    name: 'dup-relayed-extra-received',
    kind: 'duplicate',
    attacks: 'the same message relayed again with one more Received line',
    messages: (w) => {
      const raw = fromSouth(w, otherOrders(w))
      return [
        raw,
        Buffer.concat([Buffer.from('Received: from relay.elsewhere.test by judge; Mon, 2 Mar 2026\r\n'), raw]),
      ]
    },
    expect: [['orders-accepted'], ['duplicate']],
  }),
]

/** The hourly reply limit: 20 notices per address, never counting acks of keyed orders. */
const replyLimit: HostileEntry[] = [
  entry({
    name: 'limit-25-keyed-orders-then-empty',
    kind: 'reply limit',
    attacks: '25 keyed order mails in an hour, then an empty mail from the player',
    messages: (w) => [
      ...Array.from({ length: 25 }, (_, i) => fromSouth(w, i % 2 ? realOrders(w) : otherOrders(w))),
      fromSouth(w, '\r\n'),
    ],
    stepMs: 2 * 60_000,
    expect: [...Array<Outcome[]>(25).fill(['orders-accepted']), ['command']],
    check: (run, w) => {
      for (const [i, m] of run.messages.slice(0, 25).entries())
        assert.equal(m.replies.filter((r) => r.recipient === w.players.south).length, 1, `ack of mail ${i + 1}`)
      toldSender(run, /empty/i)
    },
  }),
  entry({
    name: 'limit-security-warning-never-held',
    kind: 'reply limit',
    attacks: "20 empty mails use up the player's notices; then a thief uses his key",
    messages: (w) => [
      ...Array.from({ length: 20 }, () => fromSouth(w, '\r\n')),
      mail({ from: THIEF, body: otherOrders(w) }),
    ],
    stepMs: 60_000,
    expect: [...Array<Outcome[]>(20).fill(['command']), ['orders-accepted']],
    check: (run, w) =>
      assert.equal(
        run.messages.at(-1)!.replies.filter((r) => r.recipient === w.players.south && /came from/.test(r.mail.subject))
          .length,
        1,
        'the security warning to the player of record',
      ),
  }),
  entry({
    name: 'limit-25-forged-moderator',
    kind: 'reply limit',
    attacks: '25 forged moderator commands in an hour',
    messages: (w) =>
      Array.from({ length: 25 }, () =>
        mail({ from: FORGER, body: `GAME ${w.game} MODERATOR\r\nKEY ${BAD_KEY}\r\nPAUSE\r\n` }),
      ),
    stepMs: 60_000,
    expect: 'command',
    check: (run, w) => {
      const toForger = repliesTo(run, FORGER).length
      const alerts = repliesTo(run, w.moderator).length
      assert.ok(toForger >= 1 && toForger <= 20, `${toForger} replies to the forger`)
      assert.ok(alerts <= 20, `${alerts} alerts to the moderator`)
      notPaused(run)
    },
  }),
  entry({
    name: 'limit-25-stranger-notices',
    kind: 'reply limit',
    attacks: '25 mails without a GAME line from one stranger in an hour',
    messages: () => Array.from({ length: 25 }, () => fromStranger('which games?\r\n')),
    stepMs: 60_000,
    expect: 'unidentified',
    check: (run) => {
      const n = repliesTo(run, STRANGER).length
      assert.ok(n >= 1 && n <= 20, `${n} replies to the stranger`)
    },
  }),
  entry({
    name: 'limit-25-wrong-keys-from-strangers',
    kind: 'reply limit',
    attacks: '25 wrong-key order mails from 25 addresses: the alerts to the player keep to his limit',
    messages: (w) =>
      Array.from({ length: 25 }, (_, i) =>
        mail({ from: `forger${i}@elsewhere.test`, body: `${envelope(w, 'south', BAD_KEY)}${REAL_ORDERS}` }),
      ),
    stepMs: 60_000,
    expect: 'refused',
    check: (run, w) => {
      const n = repliesTo(run, w.players.south).length
      assert.ok(n <= 20, `${n} alerts to the player of record`)
      ordersUnchanged(run)
    },
  }),
]

/** Line endings and the frame of the message itself. */
const structure: HostileEntry[] = [
  entry({
    name: 'cr-only-line-endings-keyed',
    kind: 'frame',
    attacks: 'a keyed order set in old Mac CR-only line endings, header included',
    messages: (w) => mail({ from: w.players.south, body: realOrders(w).replace(/\r\n/g, '\r'), eol: '\r' }),
    expect: ['orders-accepted', 'unreadable', 'unidentified', 'command', 'refused'],
    check: toldIfUnreadable,
  }),
  entry({
    name: 'cr-only-body-keyed',
    kind: 'frame',
    attacks: 'a keyed order set whose body alone uses CR-only line endings',
    messages: (w) => fromSouth(w, realOrders(w).replace(/\r\n/g, '\r')),
    expect: ['orders-accepted', 'orders-rejected', 'unidentified'],
    answered: true,
  }),
  entry({
    name: 'lf-only-keyed',
    kind: 'frame',
    attacks: 'a keyed order set with Unix LF line endings throughout',
    messages: (w) => mail({ from: w.players.south, body: realOrders(w).replace(/\r\n/g, '\n'), eol: '\n' }),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'mixed-line-endings-keyed',
    kind: 'frame',
    attacks: 'a keyed order set mixing CRLF, LF and CR line ends',
    messages: (w) => fromSouth(w, `${envelope(w)}DRAW 2\nHIGH ASK\r\r# and no more\r\n\n`),
    expect: anyReading,
  }),
  entry({
    name: 'no-header-body-separator',
    kind: 'frame',
    attacks: 'a message with no blank line between header and body',
    messages: (w) => fixture('no-separator.eml', w),
    expect: ['command', 'unidentified', 'unreadable', 'orders-accepted', 'refused'],
    answered: true,
    check: toldIfUnreadable,
  }),
  entry({
    name: 'only-headers',
    kind: 'frame',
    attacks: 'a message that is only a header, from the player',
    messages: (w) => fixture('only-headers.eml', w),
    expect: ['command', 'unidentified'],
    answered: true,
  }),
  entry({
    name: 'empty-file',
    kind: 'frame',
    attacks: 'an empty file',
    messages: (w) => fixture('empty.eml', w),
    expect: ['unidentified', 'unreadable'],
  }),
  entry({
    name: 'only-blank-lines',
    kind: 'frame',
    attacks: 'a file of 100,000 CRLF and nothing else',
    messages: () => Buffer.from('\r\n'.repeat(100_000)),
    expect: ['unidentified', 'unreadable'],
  }),
  entry({
    name: 'random-binary-2m',
    kind: 'frame',
    attacks: '2 MB of pseudo-random bytes',
    messages: () => {
      let x = 0x2545f491
      return Buffer.from(
        Array.from({ length: 2 * MiB - 100 }, () => {
          x ^= x << 13
          x ^= x >>> 17
          x ^= x << 5
          return x & 0xff
        }),
      )
    },
    expect: ['unidentified', 'unreadable'],
  }),
  entry({
    name: 'exactly-at-limit-keyed',
    kind: 'size limit',
    attacks: 'a keyed order set padded with blank lines to exactly the 2 MiB limit',
    messages: (w) => sizedTo(2 * MiB, (n) => fromSouth(w, realOrders(w) + fill('\r\n', n))),
    expect: 'orders-accepted',
  }),
  entry({
    name: 'oversized-by-one',
    kind: 'size limit',
    attacks: 'a stranger message one byte over the limit',
    messages: () => sizedTo(2 * MiB + 1, (n) => fromStranger(fill('x', n))),
    expect: 'refused',
    answered: true,
  }),
  entry({
    name: 'oversized-keyed-10m',
    kind: 'size limit',
    attacks: 'a keyed order set of 10 MB (refused from the header alone; the orders on file stand)',
    messages: (w) => fromSouth(w, realOrders(w) + lines('# padding', 1_000_000)),
    expect: 'refused',
    answered: true,
    check: ordersUnchanged,
  }),
  entry({
    name: 'oversized-no-from',
    kind: 'size limit',
    attacks: 'an oversized message with no From: nobody to answer',
    messages: () => mail({ from: null, body: fill('x', 3 * MiB) }),
    expect: ['refused', 'unidentified'],
  }),
  entry({
    name: 'oversized-300k-header',
    kind: 'size limit',
    attacks: 'an oversized message whose header alone is 300 KB (From first)',
    messages: () =>
      fromStranger(fill('x', 2 * MiB), {
        headers: Array.from({ length: 3000 }, (_, i) => `X-H${i}: ${fill('h', 100)}`),
      }),
    expect: 'refused',
    answered: true,
  }),
]

export const HOSTILE_GROUPS: { name: string; entries: HostileEntry[] }[] = [
  { name: 'slow text', entries: slowText },
  { name: 'amplification', entries: amplification },
  { name: 'MIME', entries: mime },
  { name: 'headers', entries: headers },
  { name: 'robots', entries: robots },
  { name: 'keys and strangers', entries: auth },
  { name: 'commands', entries: commands },
  { name: 'duplicates', entries: duplicates },
  { name: 'reply limit', entries: replyLimit },
  { name: 'frame and size', entries: structure },
]

export const HOSTILE_ENTRIES: HostileEntry[] = HOSTILE_GROUPS.flatMap((g) => g.entries)
