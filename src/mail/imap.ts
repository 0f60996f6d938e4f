/**
 * IMAP intake (imapflow): reads the judge's mailbox and hands every message, in UID order, to the
 * one intake (`handleInbound`).
 *
 * Exactly-once, across crashes and restarts, comes from three things together:
 *  1. the handler is idempotent (the intake's mail_seen by raw hash and Message-ID, written in
 *     the same transaction as the orders it files);
 *  2. a message is MOVEd to the Processed folder only after the handler resolved (committed), so
 *     a crash before the move hands the same message over again, and the handler absorbs it
 *     (messages are fetched and moved in batches of FETCH_BATCH, one round trip each, the next
 *     batch fetched while one is filed, and with a two-step handler filed in one transaction:
 *     imapBatch.ts);
 *  3. the checkpoint (account, mailbox, UIDVALIDITY, last UID) advances only after the move, and
 *     a new UIDVALIDITY starts over from the first message.
 * Nothing is ever deleted: a message the handler keeps failing on goes to the Failed folder after
 * `maxAttempts` tries (in UID order: later messages wait for it, since a later order set replaces
 * an earlier one), recorded through `onPermanentFailure`. Failures that pass (transient.ts) are
 * retried with the reconnect backoff and never count as tries.
 *
 * While connected the client IDLEs (new mail is noticed within about a second); a poll every
 * `pollMs` (NOOP + SEARCH, since a selected mailbox's cached EXISTS is stale without one) is the
 * fallback. After a disconnect it reconnects with exponential backoff.
 */
import { ImapFlow } from 'imapflow'
import { fetchAhead, fileLeading, type Handled } from './imapBatch.ts'
import { isTransientFailure } from './transient.ts'
import {
  accountKey,
  type ImapCheckpoint,
  ensureMailbox,
  connectImap,
  imapLoginOptions,
  type ImapIntakeOptions,
  readImapCheckpoint,
  writeImapCheckpoint,
} from './imapAccount.ts'

export type { ImapHandler, ImapIntakeOptions } from './imapAccount.ts'

/** Messages fetched (and moved) per round trip. */
const FETCH_BATCH = 32

type Outcome = { parked: false; result: unknown } | { parked: true }

class HandlerFailure extends Error {
  readonly attempt: number
  constructor(message: string, attempt: number) {
    super(message)
    this.attempt = attempt
  }
}

export class ImapIntake {
  readonly account: string
  readonly mailbox: string
  readonly processedMailbox: string
  readonly failedMailbox: string
  private readonly o: ImapIntakeOptions
  private readonly log: (line: string) => void
  private readonly clock: () => Date
  private client: ImapFlow | null = null
  private connecting: Promise<void> | null = null
  private running = false
  private stopping = false
  private passPromise: Promise<number> | null = null
  private passAgain = false
  private pollTimer: NodeJS.Timeout | null = null
  private reconnectTimer: NodeJS.Timeout | null = null
  private retryTimer: NodeJS.Timeout | null = null
  private backoff: number
  private readonly attempts = new Map<string, number>()
  /** failures that pass, per message: they set the delay but never count as attempts */
  private readonly transientWaits = new Map<string, number>()
  /** messages handled and moved since this object was made */
  handled = 0
  /** successful logins since this object was made (the first one included) */
  connections = 0
  lastError: Error | null = null

  constructor(opts: ImapIntakeOptions) {
    this.o = opts
    this.mailbox = opts.mailbox ?? 'INBOX'
    this.processedMailbox = opts.processedMailbox ?? 'Processed'
    this.failedMailbox = opts.failedMailbox ?? 'Failed'
    if (this.processedMailbox === this.mailbox || this.failedMailbox === this.mailbox)
      throw new Error('ImapIntake: the processed and failed mailboxes must differ from the mailbox read')
    this.account = accountKey(opts)
    this.log = opts.log ?? (() => {})
    this.clock = opts.clock ?? (() => new Date())
    this.backoff = opts.backoffMs?.initial ?? 500
  }

  get connected(): boolean {
    return this.client !== null && this.client.usable
  }

  checkpoint(): Promise<ImapCheckpoint | null> {
    return readImapCheckpoint(this.o.db, this.account, this.mailbox)
  }

  /**
   * Connects and reads what is waiting, then keeps watching (IDLE + polling). Resolves after the
   * first connection attempt and pass, successful or not: on failure it keeps retrying with
   * backoff in the background (see lastError).
   */
  async start(): Promise<void> {
    if (this.running) return
    this.running = true
    this.stopping = false
    await this.connectAndSync()
    this.schedulePoll()
  }

  /** Stops watching, waits for a running pass, logs out. Safe to call twice. */
  async stop(): Promise<void> {
    this.stopping = true
    this.running = false
    for (const t of [this.pollTimer, this.reconnectTimer, this.retryTimer]) if (t) clearTimeout(t)
    this.pollTimer = this.reconnectTimer = this.retryTimer = null
    await this.connecting?.catch(() => {})
    await this.passPromise?.catch(() => {})
    const c = this.client
    this.client = null
    if (c) {
      c.removeAllListeners('close')
      await Promise.race([c.logout().catch(() => {}), new Promise((r) => setTimeout(r, 2000).unref())])
      c.close()
    }
  }

  /**
   * One pass now: connects if needed, handles every new message, resolves with how many were
   * handled. Passes never overlap; a request during a pass runs one more pass after it.
   */
  async syncNow(): Promise<number> {
    if (this.passPromise) {
      this.passAgain = true
      return this.passPromise
    }
    const run = async (): Promise<number> => {
      let total = 0
      do {
        this.passAgain = false
        total += await this.pass()
      } while (this.passAgain && !this.stopping)
      return total
    }
    this.passPromise = run().finally(() => {
      this.passPromise = null
    })
    return this.passPromise
  }

  /** Connects, processes what is waiting, disconnects (for one-shot use such as `pbem tick`). */
  async runOnce(): Promise<number> {
    this.stopping = false
    try {
      return await this.syncNow()
    } finally {
      await this.stop()
    }
  }

  private async connectAndSync(): Promise<void> {
    try {
      await this.syncNow()
    } catch (e) {
      this.fail(e)
    }
  }

  private fail(e: unknown): void {
    this.lastError = e instanceof Error ? e : new Error(String(e))
    if (this.stopping) return
    if (e instanceof HandlerFailure) {
      // the connection is fine: retry the message after a pause
      const delay = Math.min(1000 * 2 ** (e.attempt - 1), this.o.backoffMs?.max ?? 30_000)
      this.log(`imap ${this.account}/${this.mailbox}: ${this.lastError.message}; trying again in ${delay} ms`)
      this.scheduleRetry(delay)
      return
    }
    this.log(`imap ${this.account}/${this.mailbox}: ${this.lastError.message}; reconnecting in ${this.backoff} ms`)
    this.dropClient()
    this.scheduleReconnect()
  }

  private dropClient(): void {
    const c = this.client
    this.client = null
    if (c) {
      c.removeAllListeners('close')
      c.removeAllListeners('exists')
      try {
        c.close()
      } catch {
        // already closed
      }
    }
  }

  private scheduleReconnect(): void {
    if (!this.running || this.stopping || this.reconnectTimer) return
    const delay = this.backoff
    this.backoff = Math.min(this.backoff * 2, this.o.backoffMs?.max ?? 30_000)
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      void this.connectAndSync()
    }, delay)
    this.reconnectTimer.unref()
  }

  private scheduleRetry(delay: number): void {
    if (!this.running || this.stopping || this.retryTimer) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.connectAndSync()
    }, delay)
    this.retryTimer.unref()
  }

  private schedulePoll(): void {
    if (!this.running || this.stopping) return
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null
      const next = () => this.schedulePoll()
      if (this.client && !this.reconnectTimer) this.connectAndSync().finally(next)
      else next()
    }, this.o.pollMs ?? 10_000)
    this.pollTimer.unref()
  }

  private async ensureClient(): Promise<ImapFlow> {
    if (this.client && this.client.usable) return this.client
    if (this.connecting) {
      await this.connecting
      if (this.client) return this.client
    }
    const connect = async () => {
      this.dropClient()
      const client = new ImapFlow({ ...(await imapLoginOptions(this.o)), autoIdleDelay: 250 })
      client.on('error', (e: Error) => {
        this.lastError = e
        this.log(`imap ${this.account}: ${e.message}`)
      })
      await connectImap(client, this.o)
      await ensureMailbox(client, this.processedMailbox, (line) => this.log(`imap ${this.account}: ${line}`))
      await client.mailboxOpen(this.mailbox)
      client.on('exists', () => {
        if (this.running && !this.stopping) void this.connectAndSync()
      })
      client.on('close', () => {
        if (this.client !== client) return
        this.client = null
        if (this.running && !this.stopping) {
          this.log(`imap ${this.account}: connection closed; reconnecting in ${this.backoff} ms`)
          this.scheduleReconnect()
        }
      })
      this.client = client
      this.connections++
    }
    this.connecting = connect().finally(() => {
      this.connecting = null
    })
    await this.connecting
    return this.client!
  }

  /**
   * Runs the handler on one message. A failure that passes, or one of fewer than maxAttempts
   * tries, throws HandlerFailure (the pass ends and the message is tried again later); the last
   * try records the failure and says the message is to be parked in the failed mailbox.
   */
  private async handleOne(raw: Buffer, source: string, attemptKey: string, uid: number): Promise<Outcome> {
    try {
      const result = await this.o.handler(raw, source)
      this.attempts.delete(attemptKey)
      this.transientWaits.delete(attemptKey)
      return { parked: false, result }
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e)
      // A failure that passes (a locked database, a full disk) is waited out, however long:
      // it says nothing about the message, which must not end in the Failed folder for it.
      if (isTransientFailure(e)) {
        const waits = (this.transientWaits.get(attemptKey) ?? 0) + 1
        this.transientWaits.set(attemptKey, waits)
        throw new HandlerFailure(`UID ${uid}: intake failed, will retry (wait ${waits}): ${why}`, waits)
      }
      const n = (this.attempts.get(attemptKey) ?? 0) + 1
      this.attempts.set(attemptKey, n)
      if (n < (this.o.maxAttempts ?? 5)) throw new HandlerFailure(`UID ${uid}: intake failed (attempt ${n}): ${why}`, n)
      this.log(
        `imap ${this.account}/${this.mailbox}: UID ${uid}: intake failed ${n} times (${why}); moving it to ${this.failedMailbox}`,
      )
      await this.o
        .onPermanentFailure?.(raw, source, e)
        .catch((r: unknown) =>
          this.log(`imap ${this.account}/${this.mailbox}: UID ${uid}: recording the failure failed too: ${String(r)}`),
        )
      this.attempts.delete(attemptKey)
      this.transientWaits.delete(attemptKey)
      return { parked: true }
    }
  }

  /** Moves handled messages to the processed mailbox in one MOVE, then advances the checkpoint past them. */
  private async moveHandled(client: ImapFlow, handled: readonly Handled[], uidValidity: string): Promise<number> {
    if (handled.length === 0) return 0
    const set = handled.map((h) => h.uid).join(',')
    const moved = await client.messageMove(set, this.processedMailbox, { uid: true })
    if (!moved) throw new Error(`UIDs ${set}: MOVE to ${this.processedMailbox} failed`)
    const last = Math.max(...handled.map((h) => h.uid))
    await writeImapCheckpoint(this.o.db, this.account, this.mailbox, uidValidity, last, this.clock())
    for (const h of handled) {
      this.handled++
      this.o.onHandled?.({ uid: h.uid, uidValidity, source: h.source, result: h.result })
    }
    return handled.length
  }

  private async pass(): Promise<number> {
    if (this.stopping) return 0
    const client = await this.ensureClient()
    const lock = await client.getMailboxLock(this.mailbox)
    let count = 0
    try {
      await client.noop() // the cached EXISTS/UIDVALIDITY are stale without a round trip
      const box = client.mailbox
      if (!box) throw new Error(`mailbox ${this.mailbox} is not selected`)
      const uidValidity = String(box.uidValidity)
      const cp = await this.checkpoint()
      let last = 0
      if (cp && cp.uidValidity === uidValidity) last = cp.lastUid
      else {
        if (cp)
          this.log(
            `imap ${this.account}/${this.mailbox}: UIDVALIDITY changed from ${cp.uidValidity} to ${uidValidity}; reading the mailbox from the start`,
          )
        await writeImapCheckpoint(this.o.db, this.account, this.mailbox, uidValidity, 0, this.clock())
      }
      const found = box.exists === 0 ? [] : (await client.search({ uid: `${last + 1}:*` }, { uid: true })) || []
      const uids = [...new Set(found)].filter((u) => u > last).sort((a, b) => a - b)
      const sourceOf = (uid: number) => `imap:${this.mailbox}:${uidValidity}:${uid}`
      const batches: number[][] = []
      for (let at = 0; at < uids.length; at += FETCH_BATCH) batches.push(uids.slice(at, at + FETCH_BATCH))
      // One UID FETCH per batch, the next one sent while this one is filed (fetchAhead).
      const fetchBatch = async (batch: number[]) => {
        const fetched = new Map<number, Buffer>()
        for (const m of await client.fetchAll(batch.join(','), { uid: true, source: true }, { uid: true }))
          if (m.source) fetched.set(m.uid, m.source)
        return fetched
      }
      for await (const [batch, fetched] of fetchAhead(batches, fetchBatch)) {
        if (this.stopping) break
        // Handled messages are moved together at the end of the batch (or before anything leaves
        // it early): one MOVE and one checkpoint write per batch. A message handled but not yet
        // moved when the process dies comes round again and the handler absorbs it, as before.
        const handled: Handled[] = []
        try {
          // With a two-step handler, the batch's leading messages are filed in one transaction.
          for (const h of await fileLeading(this.o.filing, batch, fetched, sourceOf, () => this.stopping)) {
            this.attempts.delete(`${uidValidity}:${h.uid}`) // failures of earlier passes are over
            this.transientWaits.delete(`${uidValidity}:${h.uid}`)
            await this.o.beforeMove?.(h.uid)
            handled.push(h)
          }
          for (const uid of batch.slice(handled.length)) {
            if (this.stopping) break
            const raw = fetched.get(uid)
            if (!raw) {
              // gone meanwhile (another client moved or expunged it)? Make sure before going past it.
              const still = (await client.search({ uid: String(uid) }, { uid: true })) || []
              if (still.includes(uid)) throw new Error(`UID ${uid}: FETCH returned no message source`)
              this.log(`imap ${this.account}/${this.mailbox}: UID ${uid} vanished before it was read`)
              continue
            }
            const source = sourceOf(uid)
            const outcome = await this.handleOne(raw, source, `${uidValidity}:${uid}`, uid)
            await this.o.beforeMove?.(uid)
            if (outcome.parked) {
              // Later messages wait for this one (UID order): what came before goes first.
              count += await this.moveHandled(client, handled.splice(0), uidValidity)
              await ensureMailbox(client, this.failedMailbox, (line) => this.log(`imap ${this.account}: ${line}`))
              const moved = await client.messageMove(String(uid), this.failedMailbox, { uid: true })
              if (!moved) throw new Error(`UID ${uid}: MOVE to ${this.failedMailbox} failed`)
              await writeImapCheckpoint(this.o.db, this.account, this.mailbox, uidValidity, uid, this.clock())
            } else handled.push({ uid, source, result: outcome.result })
          }
        } finally {
          count += await this.moveHandled(client, handled, uidValidity)
        }
      }
    } finally {
      lock.release()
    }
    this.backoff = this.o.backoffMs?.initial ?? 500
    this.lastError = null
    return count
  }
}
