// Runs hostile-corpus entries through the real intake and measures what each message cost: time,
// the mail it caused, the rows it added. Shared by test/mail/hostile.test.ts (which asserts the
// bounds) and bench/hostile.ts (which prints the figures).
import addressparser from 'nodemailer/lib/addressparser/index.js'
import { MAIL_STREAM } from '../../../src/engine/events.ts'
import { handleInbound, type IntakeDeps } from '../../../src/mail/intake.ts'
import { composeEml, withParts } from '../../../src/mail/outbound.ts'
import { sqliteOutbox } from '../../../src/mail/outbox.ts'
import { registerFixture, testApp, type TestApp } from '../../helpers/app.ts'
import type { EntryRun, HostileEntry, HostileWorld, MessageRun, Outcome, Reply } from './corpus.ts'

export interface HostileJudge {
  app: TestApp
  deps: IntakeDeps
  world: HostileWorld
  close(): void
}

const MAIN_GAME = 'fd1'
/** A reply's subject names what it answers in a few words, however much the message held. */
const MAX_REPLY_SUBJECT = 200
/** Games a stranger must never hear of: distinctive ids, so that a leak cannot hide in ordinary text. */
const DECOYS = ['hx-alpha', 'hx-bravo']

/**
 * One judge for a group of entries: the main game (the fixture duel) and two decoys. Creating a game
 * costs ~300 ms, so a group shares them; the deadline is far enough away (2,000 hours) that the hour
 * each entry moves the clock on never makes an order late.
 */
export function openHostileJudge(seed = 'hostile'): HostileJudge {
  const app = testApp(seed)
  const players = { north: 'north@example.test', south: 'south@example.test' }
  registerFixture()
  const create = (game: string, north: string, south: string) =>
    app.judge.createGame({
      game,
      ruleset: 'hidden-deck',
      scenario: 'duel',
      players: [
        { role: 'north', address: north, name: 'North' },
        { role: 'south', address: south, name: 'South' },
      ],
      zone: 'America/New_York',
      deadlineHours: 2000,
    })
  const { keys } = create(MAIN_GAME, players.north, players.south)
  const decoyKeys = DECOYS.flatMap((g) =>
    Object.values(create(g, `${g}-north@example.test`, `${g}-south@example.test`).keys),
  )
  const moderatorKey = app.judge.moderatorKey(MAIN_GAME)
  const world: HostileWorld = {
    game: MAIN_GAME,
    decoys: DECOYS,
    keys,
    moderatorKey,
    allKeys: [...Object.values(keys), moderatorKey, ...decoyKeys, ...DECOYS.map((g) => app.judge.moderatorKey(g))],
    judgeDomain: app.judge.mailDomain,
    players,
    moderator: app.judge.moderatorAddress ?? 'mod@example.test',
    maxBytes: 2 * 1024 * 1024,
  }
  const deps: IntakeDeps = {
    judge: app.judge,
    db: app.db,
    outbox: sqliteOutbox(app.db, app.clock),
    // As inboundHandler(app) wires it: authentication runs too (offline), its cost is part of the bound.
    clock: app.clock,
  }
  return { app, deps, world, close: () => app.cleanup() }
}

/** Every address the judge writes to in the normal course of its games. */
function knownAddresses(j: HostileJudge): Set<string> {
  const known = new Set<string>([j.world.moderator])
  for (const game of j.app.judge.games()) for (const p of j.app.judge.load(game).players.values()) known.add(p.address)
  return known
}

/** Bytes of the rows added to every table since `marks` (rows updated in place are not counted). */
class Growth {
  private readonly tables: { name: string; sum: string }[]
  constructor(private readonly j: HostileJudge) {
    const names = (
      j.app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string
      }[]
    ).map((r) => r.name)
    this.tables = names.map((name) => {
      const cols = (j.app.db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map(
        (c) => `COALESCE(length(CAST("${c.name}" AS BLOB)), 0)`,
      )
      return { name, sum: cols.join(' + ') }
    })
  }
  marks(): Map<string, number> {
    const m = new Map<string, number>()
    for (const t of this.tables)
      m.set(
        t.name,
        (this.j.app.db.prepare(`SELECT COALESCE(MAX(rowid), 0) AS n FROM "${t.name}"`).get() as { n: number }).n,
      )
    return m
  }
  since(marks: Map<string, number>): number {
    let bytes = 0
    for (const t of this.tables)
      bytes += (
        this.j.app.db
          .prepare(`SELECT COALESCE(SUM(${t.sum}), 0) AS n FROM "${t.name}" WHERE rowid > ?`)
          .get(marks.get(t.name) ?? 0) as { n: number }
      ).n
    return bytes
  }
}

const growthOf = new WeakMap<HostileJudge, Growth>()

/** The From address as a plain reader of the raw header sees it. */
export function naiveSender(raw: Buffer): string {
  const head = raw.subarray(0, 256 * 1024).toString('latin1')
  const end = head.search(/\r?\n\r?\n/)
  const header = end < 0 ? head : head.slice(0, end)
  const from = /^From:([^\r\n]*)/im.exec(header)?.[1] ?? ''
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? /([^\s<>,;:"]+@[^\s<>,;:"]+)/.exec(from)?.[1] ?? ''
  return address.toLowerCase()
}

function onFile(j: HostileJudge): Record<string, string[] | null> {
  const fold = j.app.judge.load(j.world.game)
  return Object.fromEntries([...fold.players.keys()].map((role) => [role, fold.orders.get(role)?.normalised ?? null]))
}

export async function runEntry(j: HostileJudge, entry: HostileEntry): Promise<EntryRun> {
  let growth = growthOf.get(j)
  if (!growth) {
    growth = new Growth(j)
    growthOf.set(j, growth)
  }
  // An hour and a bit later: the previous entry's replies no longer count against the hourly limit.
  j.app.now.t += 61 * 60_000
  const onFileBefore = onFile(j)
  const messages: MessageRun[] = []
  for (const [i, raw] of entry.messages(j.world).entries()) {
    if (i > 0) j.app.now.t += entry.stepMs
    const marks = growth.marks()
    const lastEvent = marks.get('events') ?? 0
    const lastOutbox = marks.get('outbox') ?? 0
    let outcome: MessageRun['outcome']
    let error: string | undefined
    // CPU time, not wall time: the bound catches quadratic reading, and a machine busy with other
    // work stretches the wall clock of a linear read without costing this process more CPU.
    const started = process.cpuUsage()
    try {
      outcome = await handleInbound(raw, `hostile:${entry.name}`, j.deps)
    } catch (e) {
      outcome = 'threw'
      error = e instanceof Error ? (e.stack ?? e.message) : String(e)
    }
    const used = process.cpuUsage(started)
    const ms = (used.user + used.system) / 1000
    const replies = (
      j.app.db.prepare('SELECT id, recipient, kind, payload FROM outbox WHERE id > ? ORDER BY id').all(lastOutbox) as {
        id: number
        recipient: string
        kind: string
        payload: string
      }[]
    ).map(
      (r): Reply => ({
        id: r.id,
        recipient: r.recipient,
        kind: r.kind,
        mail: withParts(j.app.db, JSON.parse(r.payload)),
      }),
    )
    const events = j.app.db
      .prepare('SELECT stream, type, data FROM events WHERE position > ? ORDER BY position')
      .all(lastEvent) as { stream: string; type: string; data: string }[]
    messages.push({
      raw,
      sender: naiveSender(raw),
      outcome,
      ...(error ? { error } : {}),
      ms,
      replies,
      dbGrowth: growth.since(marks),
      records: events
        .filter((e) => e.stream === MAIL_STREAM && e.type === 'MailReceived')
        .map((e) => JSON.parse(e.data)),
      filed: events
        .filter((e) => e.stream.startsWith('game:') && (e.type === 'OrdersAccepted' || e.type === 'OrdersRejected'))
        .map((e) => ({ type: e.type, data: JSON.parse(e.data) })),
    })
  }
  return { messages, onFileBefore, onFileAfter: onFile(j), paused: !!j.app.judge.load(j.world.game).paused }
}

const ORDER_OUTCOMES = new Set(['orders-accepted', 'orders-rejected'])

/**
 * Every bound and invariant of the hostile-mail corpus that holds for every entry; an empty list when all hold.
 * The entry's own extra assertion (entry.check) is run separately.
 */
export async function problemsOf(j: HostileJudge, entry: HostileEntry, run: EntryRun): Promise<string[]> {
  const problems: string[] = []
  const known = knownAddresses(j)
  const games = j.app.judge.games()
  const onFileLines = Object.values(run.onFileBefore).flatMap((l) => l ?? [])
  for (const [i, m] of run.messages.entries()) {
    const at = run.messages.length > 1 ? `message ${i + 1}: ` : ''
    const allowed = entry.expect[Math.min(i, entry.expect.length - 1)]!
    if (!allowed.includes(m.outcome as Outcome))
      problems.push(
        `${at}outcome ${m.outcome}, expected ${allowed.join(' or ')}${m.error ? ` (${m.error.split('\n')[0]})` : ''}`,
      )
    if (m.ms > entry.maxMs) problems.push(`${at}took ${Math.round(m.ms)} ms of CPU (at most ${entry.maxMs})`)
    const growthBound = entry.maxDbGrowth(m.raw.length)
    if (m.dbGrowth > growthBound) problems.push(`${at}database grew ${m.dbGrowth} bytes (at most ${growthBound})`)

    if (m.outcome === 'duplicate') {
      if (m.records.length) problems.push(`${at}a duplicate was recorded`)
      if (m.replies.length) problems.push(`${at}a duplicate was answered`)
    } else if (m.outcome !== 'threw') {
      if (m.records.length !== 1) problems.push(`${at}${m.records.length} MailReceived records (exactly one expected)`)
      else if (m.records[0]!.outcome !== m.outcome)
        problems.push(`${at}recorded as ${String(m.records[0]!.outcome)} but returned ${m.outcome}`)
    }
    if (m.outcome === 'ignored-automated' && m.replies.length)
      problems.push(`${at}a robot was answered (${m.replies.map((r) => r.recipient).join(', ')})`)
    if (!ORDER_OUTCOMES.has(m.outcome) && m.filed.length) problems.push(`${at}orders were filed for a ${m.outcome}`)
    if (ORDER_OUTCOMES.has(m.outcome) && m.filed.length !== 1) problems.push(`${at}${m.filed.length} order sets filed`)

    const rawText = m.raw.toString('latin1').toLowerCase()
    for (const r of m.replies) {
      const text = Buffer.byteLength(r.mail.text ?? '')
      const html = Buffer.byteLength(r.mail.html ?? '')
      // The issue bounds replies (acknowledgements and notices). Press relayed to the other players
      // is the sender's own text, not a reply: it is bounded by what he sent (never amplified).
      const textBound = r.kind === 'press' ? m.raw.length : entry.maxReplyTextBytes
      if (text > textBound)
        problems.push(
          `${at}${r.kind} "${r.mail.subject.slice(0, 60)}" has ${text} bytes of text (at most ${textBound})`,
        )
      if (html > entry.maxReplyHtmlBytes)
        problems.push(
          `${at}reply "${r.mail.subject.slice(0, 60)}" has ${html} bytes of HTML (at most ${entry.maxReplyHtmlBytes})`,
        )
      if (r.mail.subject.length > MAX_REPLY_SUBJECT)
        problems.push(`${at}reply subject of ${r.mail.subject.length} characters (at most ${MAX_REPLY_SUBJECT})`)
      problems.push(...(await injectedHeaders(r)).map((p) => `${at}${p}`))
      if (!known.has(r.recipient)) {
        // A stranger learns nothing he did not bring: no game, key or filed order of anyone else.
        const shown = `${r.mail.subject}\n${r.mail.text}\n${r.mail.html ?? ''}`
        for (const g of games)
          if (!rawText.includes(g) && new RegExp(`(^|[^a-z0-9-])${g}([^a-z0-9-]|$)`, 'i').test(shown))
            problems.push(`${at}the reply to ${r.recipient} names the game ${g}`)
        for (const k of j.world.allKeys)
          if (!rawText.includes(k) && shown.includes(k)) problems.push(`${at}the reply to ${r.recipient} shows a key`)
        for (const l of onFileLines)
          if (!rawText.includes(l.toLowerCase()) && shown.includes(l))
            problems.push(`${at}the reply to ${r.recipient} shows orders on file ("${l}")`)
      }
    }
  }
  const last = run.messages.at(-1)!
  const toSender = last.replies.filter((r) => r.recipient === last.sender)
  if (entry.answered === true && last.outcome !== 'duplicate' && !toSender.length)
    problems.push(`the sender ${last.sender || '(none)'} got no reply`)
  if (entry.answered === false && toSender.length) problems.push(`the sender ${last.sender} was answered`)
  return problems
}

/** Whatever the inbound headers held, a reply has exactly one To, no Bcc, nothing smuggled in. */
async function injectedHeaders(r: Reply): Promise<string[]> {
  let eml: Buffer
  try {
    eml = await composeEml(r.mail, new Date(0))
  } catch (e) {
    return [`reply "${r.mail.subject.slice(0, 60)}" cannot be composed: ${(e as Error).message}`]
  }
  const text = eml.toString('latin1')
  const end = text.indexOf('\r\n\r\n')
  const names = (end < 0 ? text : text.slice(0, end))
    .replace(/\r\n[ \t]/g, ' ')
    .split('\r\n')
    .map((l) => l.slice(0, Math.max(0, l.indexOf(':'))).toLowerCase())
  const problems: string[] = []
  const count = (n: string) => names.filter((x) => x === n).length
  if (count('to') !== 1) problems.push(`reply to ${r.recipient} has ${count('to')} To headers`)
  const toValue = /^To:(.*(?:\r\n[ \t].*)*)/im.exec(end < 0 ? text : text.slice(0, end))?.[1] ?? ''
  const addressees = addressparser(toValue.replace(/\r\n[ \t]/g, ' '), { flatten: true })
  if (addressees.length !== 1) problems.push(`reply to ${r.recipient} is addressed to ${addressees.length} addresses`)
  if (count('bcc') || count('cc')) problems.push(`reply to ${r.recipient} carries Cc/Bcc`)
  if (count('x-injected')) problems.push(`reply to ${r.recipient} carries an injected header`)
  return problems
}
