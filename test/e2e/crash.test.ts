// Crash safety: the judge process is killed (SIGKILL) at random moments while it reads, adjudicates
// and sends; after a restart every order must be applied exactly once and every mail must reach its
// inbox exactly once (a second copy, recognisable by its Message-ID, counts as a failure).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp } from '../../src/cli/app.ts'
import { loadMailConfig } from '../../src/mail/config.ts'
import { imapClient, sendAs, startMailstack, waitFor, type Mailstack, judgeMailEnv, password } from './mailstack.ts'
import { seededRandom } from '../helpers/random.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const TRIALS = Number(process.env.CRASH_TRIALS ?? 50)
// Trials run in lanes side by side, each lane with mailboxes of its own (its judge's, its players'
// and its moderator's), so a lane's judge never reads another lane's orders. A trial mostly waits
// for a judge, so lanes shorten the run without making any trial less hostile.
const LANES = Math.min(TRIALS, Number(process.env.CRASH_LANES ?? 3))
const laneUsers = (lane: number) => ['judge', 'fed', 'reb', 'mod'].map((u) => `${u}${lane}`)
let ms: Mailstack
let dir: string
let env: NodeJS.ProcessEnv
const laneEnv = (lane: number): NodeJS.ProcessEnv => ({
  ...env,
  PBEM_IMAP_USER: `judge${lane}`,
  PBEM_IMAP_PASS: password(`judge${lane}`),
  PBEM_MODERATOR: `mod${lane}@example.test`,
})

beforeAll(async () => {
  const users = ['archive', ...Array.from({ length: LANES }, (_, lane) => laneUsers(lane + 1)).flat()]
  ms = await startMailstack({ basePort: 20500, users })
  dir = mkdtempSync(join(tmpdir(), 'pbem-crash-'))
  env = judgeMailEnv(ms, null)
}, 300_000)

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  await ms?.stop()
}, 60_000)

function judge(data: string, lane: number): ChildProcess {
  return spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '100', '--no-demo-game'], {
    cwd: root,
    env: { ...process.env, ...laneEnv(lane), PBEM_DATA_DIR: data },
    stdio: 'ignore',
  })
}

/** The Message-IDs in a user's INBOX, read from the envelopes (no message is parsed). */
async function messageIds(user: string): Promise<string[]> {
  const c = await imapClient(user)
  try {
    const box = await c.mailboxOpen('INBOX', { readOnly: true })
    if (box.exists === 0) return []
    const ids: string[] = []
    for await (const m of c.fetch('1:*', { envelope: true }))
      ids.push((m.envelope?.messageId ?? '').replace(/^<|>$/g, ''))
    return ids
  } finally {
    await c.logout()
  }
}

const exited = (p: ChildProcess) =>
  new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())))

async function judgeInboxCount(lane: number): Promise<number> {
  const c = await imapClient(`judge${lane}`)
  try {
    const status = await c.status('INBOX', { messages: true })
    return status ? (status.messages ?? 0) : 0
  } finally {
    await c.logout()
  }
}

/** One trial: a game's orders mailed, a judge killed at a random moment, a second judge finishing. */
async function trial(trial: number, lane: number, failures: string[]): Promise<void> {
  const game = `cr${trial}`
  const data = join(dir, game)
  const app = openApp({
    dataDir: data,
    mail: loadMailConfig(laneEnv(lane)),
    moderatorAddress: `mod${lane}@example.test`,
  })
  const { keys } = app.judge.createGame({
    game,
    ruleset: 'sea-devils',
    scenario: 'weak-beginning',
    players: [
      { role: 'federal', address: `fed${lane}@example.test`, name: 'F' },
      { role: 'confederate', address: `reb${lane}@example.test`, name: 'C' },
    ],
  })
  app.close()
  const fedId = `${game}-fed@example.test`
  await sendAs(
    `fed${lane}@example.test`,
    `judge${lane}@example.test`,
    `orders ${game}`,
    `GAME ${game} FEDERAL\nKEY ${keys.federal}\nMOVE K-STAT C14 C11`,
    { messageId: `<${fedId}>` },
  )
  await sendAs(
    `reb${lane}@example.test`,
    `judge${lane}@example.test`,
    `orders ${game}`,
    `GAME ${game} CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`,
    { messageId: `<${game}-reb@example.test>` },
  )
  // The same message delivered twice (a resend after a timeout): it must be absorbed.
  await sendAs(
    `fed${lane}@example.test`,
    `judge${lane}@example.test`,
    `orders ${game}`,
    `GAME ${game} FEDERAL\nKEY ${keys.federal}\nMOVE K-STAT C14 C11`,
    { messageId: `<${fedId}>` },
  )
  await waitFor(async () => (await judgeInboxCount(lane)) >= 3, 10_000, 'orders in the judge mailbox')

  const killAfter = 300 + Math.floor(seededRandom(1861 + trial)() * 1700)
  const first = judge(data, lane)
  await new Promise((r) => setTimeout(r, killAfter))
  first.kill('SIGKILL')
  await exited(first)

  const second = judge(data, lane)
  const db = new Database(join(data, 'judge.sqlite'), { readonly: true, fileMustExist: true })
  try {
    await waitFor(
      async () => {
        const done = db
          .prepare(`SELECT COUNT(*) AS n FROM events WHERE stream = ? AND type = 'TurnAdjudicated'`)
          .get(`game:${game}`) as { n: number }
        const unsent = db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL`).get() as { n: number }
        return done.n >= 1 && unsent.n === 0 && (await judgeInboxCount(lane)) === 0
      },
      90_000,
      `trial ${trial} (killed after ${killAfter} ms) to finish`,
    )
    const count = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n
    const accepted = db
      .prepare(
        `SELECT json_extract(data, '$.role') AS role, COUNT(*) AS n FROM events WHERE stream = ? AND type = 'OrdersAccepted' GROUP BY role`,
      )
      .all(`game:${game}`) as { role: string; n: number }[]
    if (accepted.length !== 2 || accepted.some((a) => a.n !== 1))
      failures.push(`trial ${trial}: orders filed ${JSON.stringify(accepted)}`)
    if (count(`SELECT COUNT(*) AS n FROM events WHERE stream = ? AND type = 'TurnAdjudicated'`, `game:${game}`) !== 1)
      failures.push(`trial ${trial}: adjudicated more than once`)
    const mailRecords = count(
      `SELECT COUNT(*) AS n FROM events WHERE stream = 'system:mail' AND json_extract(data, '$.messageId') = ?`,
      fedId,
    )
    if (mailRecords !== 1) failures.push(`trial ${trial}: the Federal mail was recorded ${mailRecords} times`)
    const rows = db.prepare(`SELECT message_id, recipient FROM outbox WHERE game = ?`).all(game) as {
      message_id: string
      recipient: string
    }[]
    const boxes: Record<string, string[]> = {}
    for (const user of laneUsers(lane).slice(1)) {
      boxes[`${user}@example.test`] = await waitFor(
        async () => {
          const ids = await messageIds(user)
          const expected = rows.filter((r) => r.recipient === `${user}@example.test`)
          return expected.every((r) => ids.includes(r.message_id)) ? ids : null
        },
        60_000,
        `trial ${trial}: ${user}'s mail`,
      )
    }
    for (const r of rows) {
      const copies = (boxes[r.recipient] ?? []).filter((id) => id === r.message_id).length
      if (copies !== 1)
        failures.push(
          `trial ${trial} (killed after ${killAfter} ms): ${r.message_id} reached ${r.recipient} ${copies} times`,
        )
    }
  } finally {
    db.close()
    second.kill('SIGTERM')
    await exited(second)
  }
}

describe(`${TRIALS} judge processes killed at random moments`, () => {
  it('apply every order exactly once and deliver every mail exactly once', async () => {
    const failures: string[] = []
    await Promise.all(
      Array.from({ length: LANES }, async (_, l) => {
        for (let t = l + 1; t <= TRIALS; t += LANES) await trial(t, l + 1, failures)
      }),
    )
    expect(failures).toEqual([])
  }, 2_400_000)
})
