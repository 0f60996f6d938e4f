// One IMAP mailbox read by one judge at a time (the leases table of
// migrations/010_judges.sql). The judge reading it holds a lease it renews well before it lapses;
// the others stand by, trying now and then, and the first to find it lapsed or given back takes
// over. Duplicates would be harmless anyway (the intake files a message once, whoever reads it),
// but two judges moving the same messages between mailboxes and writing the same checkpoint are not.
// The holder is the judge's identity (its host and data folder, outboxClaim.ts), the same after a
// restart: a judge killed while reading takes its lease back at once when it starts again.
import { type AsyncDatabase, dropLease, findLease, takeLeaseUntil } from '../engine/mailStore.ts'

/**
 * How long a lease lasts unless renewed, how often its holder renews it, and how often a judge
 * standing by tries to take it (one statement each time): a dead holder's mailbox is read again
 * between LEASE_MS and LEASE_MS + STANDBY_MS after its last renewal.
 */
export const LEASE_MS = 60_000
export const RENEW_MS = 20_000
export const STANDBY_MS = 5_000

/**
 * Takes or renews the lease `name` for `holder` until now + ttlMs: true when it is the holder's
 * now (free, lapsed, or already its own), false while another holder's lease runs. One statement.
 */
export function takeLease(
  db: AsyncDatabase,
  name: string,
  holder: string,
  now: Date,
  ttlMs = LEASE_MS,
): Promise<boolean> {
  return takeLeaseUntil(db, name, holder, now.toISOString(), new Date(now.getTime() + ttlMs).toISOString())
}

/** Gives the lease back, if `holder` holds it, so that a judge standing by takes over at once. */
export function releaseLease(db: AsyncDatabase, name: string, holder: string): Promise<void> {
  return dropLease(db, name, holder)
}

/** The lease that guards one account's mailbox. */
export const imapLeaseName = (account: string, mailbox: string) => `imap:${account}/${mailbox}`

/** Who holds a lease now, and until when (ISO 8601), or null. */
export function leaseHeld(db: AsyncDatabase, name: string): Promise<{ holder: string; expiresAt: string } | null> {
  return findLease(db, name)
}

export interface Startable {
  start(): Promise<void>
  stop(): Promise<void>
}

export interface LeasedOptions {
  db: AsyncDatabase
  name: string
  holder: string
  intake: Startable
  clock?: () => Date
  ttlMs?: number
  renewMs?: number
  standbyMs?: number
  log?: (line: string) => void
}

/** Runs `intake` only while this judge holds the lease; stands by otherwise. */
export class LeasedIntake {
  private running = false
  private stopped = false
  private timer: NodeJS.Timeout | null = null
  private told = false

  constructor(private readonly o: LeasedOptions) {}

  get reading(): boolean {
    return this.running
  }

  async start(): Promise<void> {
    this.stopped = false
    await this.beat()
    const next = () => {
      const every = this.running ? (this.o.renewMs ?? RENEW_MS) : (this.o.standbyMs ?? STANDBY_MS)
      this.timer = setTimeout(() => void this.beat().finally(() => !this.stopped && next()), every)
      this.timer.unref?.()
    }
    next()
  }

  /** One renewal (or attempt): start reading on taking the lease, stop on losing it. */
  async beat(): Promise<void> {
    if (this.stopped) return
    const log = this.o.log ?? (() => {})
    let mine: boolean
    try {
      mine = await takeLease(
        this.o.db,
        this.o.name,
        this.o.holder,
        (this.o.clock ?? (() => new Date()))(),
        this.o.ttlMs,
      )
    } catch (e) {
      log(`IMAP lease ${this.o.name}: ${(e as Error).message}; trying again`)
      return
    }
    if (mine && !this.running) {
      this.running = true
      this.told = false
      log(`IMAP: this judge reads ${this.o.name.slice('imap:'.length)}`)
      await this.o.intake.start()
    } else if (!mine && this.running) {
      this.running = false
      log(`IMAP: another judge holds ${this.o.name.slice('imap:'.length)} now; standing by`)
      await this.o.intake.stop()
    } else if (!mine && !this.told) {
      this.told = true
      log(`IMAP: another judge reads ${this.o.name.slice('imap:'.length)}; standing by`)
    }
  }

  /** Stops reading and gives the lease back. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    if (this.running) {
      this.running = false
      await this.o.intake.stop()
    }
    try {
      await releaseLease(this.o.db, this.o.name, this.o.holder)
    } catch {
      // the lease lapses on its own
    }
  }
}
