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
import {
  DEFAULT_USERS,
  imapClient,
  inbox,
  sendAs,
  startMailstack,
  waitFor,
  type Mailstack,
  judgeMailEnv,
  mulberry32,
} from './mailstack.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const TRIALS = Number(process.env.CRASH_TRIALS ?? 50)
let ms: Mailstack
let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  ms = await startMailstack({ basePort: 20500, users: DEFAULT_USERS })
  dir = mkdtempSync(join(tmpdir(), 'pbem-crash-'))
  env = judgeMailEnv(ms)
}, 300_000)

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  await ms?.stop()
}, 60_000)

function judge(data: string): ChildProcess {
  return spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '100', '--no-demo-game'], {
    cwd: root,
    env: { ...process.env, ...env, PBEM_DATA_DIR: data },
    stdio: 'ignore',
  })
}

const exited = (p: ChildProcess) =>
  new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())))

async function judgeInboxCount(): Promise<number> {
  const c = await imapClient('judge')
  try {
    const status = await c.status('INBOX', { messages: true })
    return status ? (status.messages ?? 0) : 0
  } finally {
    await c.logout()
  }
}

describe(`${TRIALS} judge processes killed at random moments`, () => {
  it('apply every order exactly once and deliver every mail exactly once', async () => {
    const random = mulberry32(1861)
    const failures: string[] = []
    for (let trial = 1; trial <= TRIALS; trial++) {
      const game = `cr${trial}`
      const data = join(dir, game)
      const app = openApp({ dataDir: data, mail: loadMailConfig(env), moderatorAddress: 'mod@example.test' })
      const { keys } = app.judge.createGame({
        game,
        ruleset: 'sea-devils',
        scenario: 'weak-beginning',
        players: [
          { role: 'federal', address: 'fed@example.test', name: 'F' },
          { role: 'confederate', address: 'reb@example.test', name: 'C' },
        ],
      })
      app.close()
      const fedId = `${game}-fed@example.test`
      await sendAs(
        'fed@example.test',
        'orders@example.test',
        `orders ${game}`,
        `GAME ${game} FEDERAL\nKEY ${keys.federal}\nMOVE K-STAT C14 C11`,
        { messageId: `<${fedId}>` },
      )
      await sendAs(
        'reb@example.test',
        'orders@example.test',
        `orders ${game}`,
        `GAME ${game} CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`,
        { messageId: `<${game}-reb@example.test>` },
      )
      // The same message delivered twice (a resend after a timeout): it must be absorbed.
      await sendAs(
        'fed@example.test',
        'orders@example.test',
        `orders ${game}`,
        `GAME ${game} FEDERAL\nKEY ${keys.federal}\nMOVE K-STAT C14 C11`,
        { messageId: `<${fedId}>` },
      )
      await waitFor(async () => (await judgeInboxCount()) >= 3, 10_000, 'orders in the judge mailbox')

      const killAfter = 300 + Math.floor(random() * 1700)
      const first = judge(data)
      await new Promise((r) => setTimeout(r, killAfter))
      first.kill('SIGKILL')
      await exited(first)

      const second = judge(data)
      const db = new Database(join(data, 'judge.sqlite'), { readonly: true, fileMustExist: true })
      try {
        await waitFor(
          async () => {
            const done = db
              .prepare(`SELECT COUNT(*) AS n FROM events WHERE stream = ? AND type = 'TurnAdjudicated'`)
              .get(`game:${game}`) as { n: number }
            const unsent = db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL`).get() as { n: number }
            return done.n >= 1 && unsent.n === 0 && (await judgeInboxCount()) === 0
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
        if (
          count(`SELECT COUNT(*) AS n FROM events WHERE stream = ? AND type = 'TurnAdjudicated'`, `game:${game}`) !== 1
        )
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
        for (const user of ['fed', 'reb', 'mod']) {
          boxes[`${user}@example.test`] = await waitFor(
            async () => {
              const ids = (await inbox(user)).map((m) => m.messageId)
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
    expect(failures).toEqual([])
  }, 2_400_000)
})
