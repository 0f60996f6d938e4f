// `pbem serve`: the judge. The inbox drop folder is polled every second (so an order mail is
// acknowledged within seconds); a node-cron tick adjudicates games whose deadline has passed;
// games that process early are resolved as soon as their last order is in.
// With mail settings (src/mail/config.ts) it also reads the IMAP mailbox (IDLE + polling) and
// runs the loopback SMTP listener, both feeding the same intake, and sends the outbox by SMTP
// (settling sends a crash interrupted against the archive first). Without them it runs on the
// embedded drop folders only.
import { isConnectionError } from '../engine/database.ts'
import { recentMailReceipts } from '../engine/mailLedger.ts'
import { createGameBatched } from '../engine/creationBatch.ts'
import { gamesAhead, pagesAhead } from '../engine/readingJudge.ts'
import { serverSecretAtStart } from '../engine/secretAhead.ts'
import { schedule } from 'node-cron'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeMailConfig } from '../mail/config.ts'
import { imapLeaseName, LeasedIntake } from '../mail/imapLease.ts'
import { startSmtpListener, type SmtpListener } from '../mail/smtpListener.ts'
import type { GameDemo } from '../games/contract.ts'
import { defaultDemo, defaultGame } from '../games/index.ts'
import { newDropFolderState } from '../mail/dropFolder.ts'
import {
  adjudicateDueYielding,
  imapIntake,
  inboundHandler,
  intakeFailureRecorder,
  readInbox,
  sendOutbox,
  shownTarget,
  type App,
  tickJobs,
} from './app.ts'

/** How long `openServing` waits before each try after the first: doubling, then every 30 s. */
export const START_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000]

/**
 * Opens the judge for `pbem serve`, waiting for a database that cannot be reached yet (PostgreSQL
 * starting or restarting beside it) instead of exiting: a judge started before its database, or
 * restarted by a supervisor while the database is down, comes up when the database does. Any other
 * failure (a wrong password, a migration refused) stops it at once.
 */
export async function openServing(
  open: () => Promise<App>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<App> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open()
    } catch (e) {
      if (!isConnectionError(e)) throw e
      const ms = START_RETRY_MS[Math.min(attempt, START_RETRY_MS.length - 1)]!
      console.error(`database unreachable at start (${(e as Error).message}); trying again in ${ms / 1000} s`)
      await wait(ms)
    }
  }
}

export async function serve(app: App, opts: { intervalMs: number; demoGame: boolean; cron?: string }): Promise<void> {
  // The secret's first use in the process on the async handle, before anything synchronous needs it.
  await serverSecretAtStart(app.db, app.jobsDb)
  await announceGames(app, opts.demoGame)
  const log = (line: string) => console.log(line)
  try {
    await sendOutbox(app, log) // settles mail a crash left in doubt before anything new goes out
  } catch (e) {
    console.error(`outbox: sending failed at start: ${(e as Error).message}`)
  }
  announceJudge(app)
  // Each page read ahead on the async handle, rendered on a reading judge (readingJudge.ts).
  const pages = await (await import('../web/server.ts')).startPages(app.judge, pagesAhead(app.judge, app.jobsDb))
  const passes = judgePasses(app, log)
  const { intake, listener } = await startMailIntake(app, passes.taken, log)
  await passes.pass(true)
  const cron = schedule(opts.cron ?? '* * * * *', () => void passes.pass(true))
  await new Promise<void>((resolve) => {
    const loop = async () => {
      if (passes.stopping()) return resolve()
      await passes.pass(false)
      setTimeout(loop, opts.intervalMs)
    }
    const stop = () => {
      passes.stop()
      void cron.stop()
      console.log('judge stopping')
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    setTimeout(loop, opts.intervalMs)
  })
  await intake?.stop()
  await listener?.close()
  await pages?.close()
  while (passes.busy()) await new Promise((r) => setTimeout(r, 20))
  app.close()
}

/**
 * On a fresh judge, the default game's demo (its GameDemo) with an example order mail; else the
 * games here. The games are listed and the demo game created on the async handle (in one batch).
 */
export async function announceGames(app: App, demoGame: boolean): Promise<void> {
  const games = await gamesAhead(app.judge, app.jobsDb)
  if (demoGame && games.length === 0) {
    const demo = defaultDemo()
    const { keys } = await createGameBatched(app.judge, tickJobs(app), {
      game: demo.serveGameId,
      ruleset: defaultGame().id,
      scenario: demo.scenario,
      players: demo.players,
      createdBy: 'serve (demo game)',
    })
    console.log(`Created the demo game ${demo.serveGameId} (${demo.title}).`)
    for (const p of demo.players) console.log(`  ${p.role} key ${keys[p.role]}, played by ${p.name} <${p.address}>`)
    const body = [`GAME ${demo.serveGameId} ${demo.example.role.toUpperCase()}`, `KEY ${keys[demo.example.role]}`]
    console.log(`  Example order mail body:\n${[...body, ...demo.example.lines].map((l) => `    ${l}`).join('\n')}`)
    const example = join(app.dirs.data, 'example-order.eml')
    writeFileSync(example, exampleMail(app, demo, [...body, ...demo.example.lines]))
    console.log(`  A complete example mail, header and body: ${example} (copy it into ${app.dirs.inbox} to send it)`)
    console.log(
      `  The opening reports (one per player, with the key in its reply address) ${app.mail.smtp ? 'go out by SMTP' : `are written to ${app.dirs.outbox}`}.`,
    )
  } else if (games.length) {
    // A second start creates nothing: say what is here and how to find the keys again.
    console.log(`Games on this judge: ${games.join(', ')}.`)
    console.log(
      '  A player\'s key and reply address: pbem player key <game> <role> (the game\'s moderator: role "moderator").',
    )
  }
}

function announceJudge(app: App): void {
  const smtp = app.mail.smtp
  console.log(`acw-pbem judge running on ${shownTarget(app.dirs.db)}`)
  console.log(`  players write to ${app.judge.judgeAddress} (the From of every acknowledgement and report)`)
  console.log(`  drop order mails (.eml) into ${app.dirs.inbox}`)
  if (smtp) console.log(`  acknowledgements and reports are sent by SMTP through ${smtp.host}:${smtp.port}`)
  else console.log(`  acknowledgements and reports are written to ${app.dirs.outbox}`)
  console.log(`  processed mail is kept in ${join(app.dirs.inbox, 'processed')}`)
  console.log(`  a file that is no mail (no sender) goes to ${join(app.dirs.inbox, 'failed')}, its reason beside it`)
  for (const l of describeMailConfig(app.mail)) console.log(`  ${l}`)
}

/**
 * The judge's passes (drop folder, deadlines, outbox), never two at once: a pass asked for while
 * one runs follows it. `taken` reports a message the IMAP or SMTP intake handled.
 */
function judgePasses(app: App, log: (line: string) => void) {
  const dropState = newDropFolderState()
  let busy = false
  let again: boolean | null = null // a pass was asked for while one ran (true: with deadlines)
  let stopping = false
  let acceptedElsewhere = false // orders taken by IMAP or the SMTP listener since the last pass
  const runPass = async (deadlines: boolean): Promise<void> => {
    let accepted = acceptedElsewhere
    acceptedElsewhere = false
    await passStep('reading the inbox', async () => {
      const outcomes = await readInbox(app, {
        imap: false,
        dropState,
        warn: (l) => console.warn(l),
        onHandled: (i) => sayHandled(app, i.source, i.result),
      })
      if (outcomes.some((o) => o === 'orders-accepted')) accepted = true
    })
    if (deadlines || accepted)
      await passStep('the deadline tick', async () => void (await adjudicateDueYielding(app, log)))
    await passStep('the outbox', async () => {
      const sent = await sendOutbox(app, log)
      if (sent) console.log(`outbox: ${sent} mail(s) ${app.mail.smtp ? 'sent' : 'written'}`)
    })
  }
  const pass = async (deadlines: boolean): Promise<void> => {
    if (busy) {
      again = (again ?? false) || deadlines
      return
    }
    busy = true
    try {
      await runPass(deadlines)
    } finally {
      busy = false
    }
    if (again !== null && !stopping) {
      const d = again
      again = null
      await pass(d)
    }
  }
  const taken = (via: string, result: unknown) => {
    sayHandled(app, via, result)
    if (result === 'orders-accepted') acceptedElsewhere = true
    if (!stopping) void pass(false) // acknowledge at once rather than at the next tick
  }
  return { pass, taken, busy: () => busy, stopping: () => stopping, stop: () => void (stopping = true) }
}

/** Each step of a pass stands alone: an inbox that cannot be read must not hold up due games or the outbox. */
async function passStep(what: string, run: () => Promise<void> | void): Promise<void> {
  try {
    await run()
  } catch (e) {
    console.error(`judge pass: ${what} failed: ${(e as Error).stack ?? e}`)
  }
}

/** The IMAP intake (while this judge holds the mailbox's lease) and the loopback SMTP listener, as configured. */
async function startMailIntake(
  app: App,
  taken: (via: string, result: unknown) => void,
  log: (line: string) => void,
): Promise<{ intake: LeasedIntake | null; listener: SmtpListener | null }> {
  let intake: LeasedIntake | null = null
  let listener: SmtpListener | null = null
  try {
    // Read the mailbox only while this judge holds its lease: another judge may be reading it.
    const imap = await imapIntake(app, { log, onHandled: (i) => taken(i.source, i.result) })
    if (imap) {
      const name = imapLeaseName(imap.account, imap.mailbox)
      const takeover = app.mail.takeoverMs
      intake = new LeasedIntake({
        db: app.jobsDb,
        name,
        holder: app.judgeId,
        intake: imap,
        log,
        // Renewed a third of the way, as with the default lease.
        ...(takeover ? { ttlMs: takeover, renewMs: Math.round(takeover / 3) } : {}),
      })
      await intake.start()
    }
    if (app.mail.listen) {
      listener = await startSmtpListener({
        ...app.mail.listen,
        handler: inboundHandler(app),
        onPermanentFailure: intakeFailureRecorder(app),
        log,
        onHandled: (i) => taken(i.source, i.result),
      })
      console.log(`  SMTP listener on ${listener.host}:${listener.port}`)
    }
  } catch (e) {
    await intake?.stop()
    await listener?.close()
    app.close()
    throw e
  }
  return { intake, listener }
}

/** Prints handledLine when the mail record is read; the bare outcome if it cannot be (the judge stopping). */
function sayHandled(app: App, source: string, result: unknown): void {
  handledLine(app, source, result).then(
    (line) => console.log(line),
    () => console.log(`mail ${source}: ${String(result)}`),
  )
}

/** One line for a handled message: what became of it, with its game, sender and file (from its mail record). */
async function handledLine(app: App, source: string, result: unknown): Promise<string> {
  const record = (
    (await recentMailReceipts(app.jobsDb, 50)) as {
      source: string
      game: string | null
      from: string
      receipt: string | null
    }[]
  ).find((d) => d.source === source)
  if (!record) return `mail ${source}: ${String(result)}`
  const receipt = record.receipt ? `, receipt ${record.receipt}` : ''
  return `mail ${source}: ${String(result)} (game ${record.game ?? 'none'}, from ${record.from || 'nobody'}${receipt})`
}

/** A whole order mail from the demo's example player, as a mail client would write it (CRLF lines). */
function exampleMail(app: App, demo: GameDemo, body: string[]): string {
  const player = demo.players.find((p) => p.role === demo.example.role)!
  return [
    `From: ${player.name} <${player.address}>`,
    `To: ${app.judge.judgeAddress}`,
    `Subject: Orders for ${demo.serveGameId}`,
    `Date: ${app.clock().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <example-${demo.serveGameId}-${app.clock().getTime()}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    ...body,
    '',
  ].join('\r\n')
}
