// The judge's inbound mail jobs: the one intake as a handler for every inbound path (drop folder,
// IMAP, SMTP listener), a pass over the drop folder and one over the IMAP mailbox under its lease.
import { basename } from 'node:path'
import { type DropFolderState, scanDropFolder } from '../mail/dropFolder.ts'
import type { ImapIntake } from '../mail/imap.ts'
import type { IntakeDeps, IntakeOutcome } from '../mail/intake.ts'
import type { GroupMessage } from '../mail/intakeGroup.ts'
import { sqliteOutbox } from '../mail/outbox.ts'
import type { App } from './appTypes.ts'

// The intake (MIME parsing, DKIM/SPF/DMARC) and the IMAP client are loaded when mail first arrives,
// so commands that read no mail (game status, history) start without them.
const intakeModule = () => import('../mail/intake.ts')
const intakeGroupModule = () => import('../mail/intakeGroup.ts')

/** The one intake, as a handler for every inbound path (drop folder, IMAP, SMTP listener). */
export function inboundHandler(app: App): (raw: Buffer, source: string, size?: number) => Promise<IntakeOutcome> {
  return async (raw, source, size) =>
    (await intakeModule()).handleInbound(raw, source, intakeDeps(app), {}, size === undefined ? {} : { size })
}

/** Records a message the intake failed on for good, and tells its sender and the moderator. */
export function intakeFailureRecorder(app: App): (raw: Buffer, source: string, error: unknown) => Promise<void> {
  return async (raw, source, error) => (await intakeModule()).recordIntakeFailure(raw, source, intakeDeps(app), error)
}

function intakeDeps(app: App): IntakeDeps {
  return {
    judge: app.judge,
    db: app.db,
    jobsDb: app.jobsDb,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  }
}

/** An IMAP intake over the configured account feeding the app's intake (null without IMAP settings). */
export async function imapIntake(
  app: App,
  extra: {
    log?: (line: string) => void
    onHandled?: (info: { uid: number; source: string; result: unknown }) => void
  } = {},
): Promise<ImapIntake | null> {
  const c = app.mail.imap
  if (!c) return null
  const { ImapIntake } = await import('../mail/imap.ts')
  return new ImapIntake({
    host: c.host,
    port: c.port,
    tls: c.tls,
    user: c.user,
    pass: c.pass,
    tokens: c.auth === 'oauth2' ? app.tokens : null,
    mailbox: c.mailbox,
    processedMailbox: c.processed,
    failedMailbox: c.failed,
    pollMs: c.pollMs,
    db: app.jobsDb,
    clock: app.clock,
    handler: inboundHandler(app),
    filing: {
      readAhead: async (raw, source) => (await intakeGroupModule()).readForGroup(raw, source, intakeDeps(app)),
      fileAll: async (read) => (await intakeGroupModule()).fileGroup(read as GroupMessage[], intakeDeps(app)),
    },
    onPermanentFailure: intakeFailureRecorder(app),
    ...extra,
  })
}

/**
 * Reads every mail waiting in the drop folder through the intake, and (when IMAP is configured
 * and `opts.imap` is not false) once through the IMAP mailbox.
 */
export async function readInbox(
  app: App,
  opts: {
    imap?: boolean
    dropState?: DropFolderState
    warn?: (line: string) => void
    /** told of each message handled: where it came from, what became of it, and why it was set aside */
    onHandled?: (info: { source: string; result: IntakeOutcome; setAside?: string }) => void
  } = {},
): Promise<IntakeOutcome[]> {
  // The mail parser loads when mail is read, not with every command (mailparser, in inbound.ts).
  const { DEFAULT_MAX_INBOUND_BYTES } = await import('../mail/inbound.ts')
  const outcomes: IntakeOutcome[] = []
  const handle = inboundHandler(app)
  const recordFailure = intakeFailureRecorder(app)
  const source = (file: string) => `drop:${basename(file)}`
  await scanDropFolder(
    app.dirs.inbox,
    async (raw, file, { size }) => {
      const result = await handle(raw, source(file), size)
      outcomes.push(result)
      // A file with no sender is recorded, and goes to failed/ with the reason, not to processed/.
      const why = result === 'unidentified' ? await (await intakeModule()).noSender(raw) : null
      opts.onHandled?.({ source: source(file), result, ...(why ? { setAside: why } : {}) })
      return why ? { setAside: why } : undefined
    },
    {
      maxBytes: DEFAULT_MAX_INBOUND_BYTES,
      onPermanentFailure: (raw, file, error) => recordFailure(raw, source(file), error),
      ...(opts.dropState ? { state: opts.dropState } : {}),
      ...(opts.warn ? { warn: opts.warn } : {}),
    },
  )
  if (opts.imap !== false) {
    const intake = await imapIntake(app, { onHandled: (i) => outcomes.push(i.result as IntakeOutcome) })
    if (intake) await readImapOnce(app, intake, opts.warn)
  }
  return outcomes
}

const ONE_PASS_LEASE_MS = 10 * 60_000

/**
 * One pass over the IMAP mailbox under its lease; skipped, with a word, while another judge reads
 * it. Under this judge's own live lease (its `pbem serve` is running) the pass goes ahead as before.
 */
async function readImapOnce(app: App, intake: ImapIntake, warn?: (line: string) => void): Promise<void> {
  const { imapLeaseName, leaseHeld, releaseLease, takeLease } = await import('../mail/imapLease.ts')
  const name = imapLeaseName(intake.account, intake.mailbox)
  const now = new Date()
  const held = await leaseHeld(app.jobsDb, name)
  if (held?.holder === app.judgeId && held.expiresAt > now.toISOString()) {
    await intake.runOnce()
    return
  }
  // Held for as long as one pass may take; given back at its end.
  if (!(await takeLease(app.jobsDb, name, app.judgeId, now, ONE_PASS_LEASE_MS))) {
    const say = warn ?? console.warn
    say(`IMAP: another judge is reading ${intake.account}/${intake.mailbox}; not read now`)
    return
  }
  try {
    await intake.runOnce()
  } finally {
    await releaseLease(app.jobsDb, name, app.judgeId)
  }
}
