// Two judge processes on one PostgreSQL: both are handed the same order mails (as when
// one mail reaches two judges), one in the order the other reads backwards, and read them at the
// same moment. Writers on
// different games run side by side and intakes one at a time, so every mail is filed exactly once
// (by one judge or the other; the other finds it a duplicate), every game's log stays one unbroken
// chain, and every result re-folds. Then both send the outbox at once: every mail goes out once.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openAppAsync } from '../../src/cli/app.ts'
import { createGameAsync, verifyAsync } from '../helpers/asyncJudge.ts'
import { verifyAllAsync } from '../../src/log/verify.ts'
import { count, rows as allRows } from '../helpers/asyncSql.ts'
import { type PgStack, connectPg } from './pgstack.ts'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'pbem-pgjudges-'))
const GAMES = ['g1', 'g2', 'g3', 'g4']
const SETS = 3 // order mails per role and game
const ROLES = [
  { role: 'federal', address: 'fed@example.test', orders: ['POWH: STAY', 'MOVE POWH C13', 'POWH: STAY'] },
  {
    role: 'confederate',
    address: 'reb@example.test',
    orders: ['SUM: RUN-OUT', 'SUM: STAY', 'SUM: RUN-OUT\nSUM: MOVE C11'],
  },
]

let pg: PgStack
let url: string
beforeAll(async () => {
  pg = await connectPg()
  url = pg.freshUrl()
}, 600_000)
afterAll(async () => {
  await pg?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A judge on the database, opened as the commands open theirs (its work on the async handle). */
const appOn = (data: string) =>
  openAppAsync({ dataDir: data, database: url, mail: {} as never, mailDomain: 'judge.example.test' })

function orderMails(keys: Map<string, string>): { id: string; text: string }[] {
  const mails: { id: string; text: string }[] = []
  for (let n = 0; n < SETS; n++)
    for (const game of GAMES)
      for (const r of ROLES) {
        const id = `${game}.${r.role}.${n}@example.test`
        const text = [
          `From: ${r.address}`,
          'To: orders@judge.example.test',
          'Subject: orders',
          `Message-ID: <${id}>`,
          'Content-Type: text/plain',
          '',
          `GAME ${game} ${r.role.toUpperCase()}`,
          `KEY ${keys.get(`${game}/${r.role}`)}`,
          r.orders[n]!,
          '',
        ].join('\r\n')
        mails.push({ id, text })
      }
  return mails
}

/**
 * One judge process: loads the mail modules, says it is ready, waits until the other one is too (a
 * start instant fixed in advance was missed when starting a process took longer than the margin on
 * a busy machine; loading the mail parser after the barrier let one judge file every mail before
 * the other had begun), reads its inbox once, sends the outbox, prints the outcomes.
 */
const JUDGE = `import { existsSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { openAppAsync, readInbox, sendOutbox } from '${pathToFileURL(join(REPO, 'src/cli/app.ts')).href}'
const [data, url, barrier] = process.argv.slice(2)
const app = await openAppAsync({ dataDir: data, database: url, mail: {}, mailDomain: 'judge.example.test' })
await import('${pathToFileURL(join(REPO, 'src/mail/inbound.ts')).href}')
await import('${pathToFileURL(join(REPO, 'src/mail/intake.ts')).href}')
writeFileSync(join(barrier, 'ready-' + basename(data)), '')
const giveUp = Date.now() + 120000
while (!(existsSync(join(barrier, 'ready-a')) && existsSync(join(barrier, 'ready-b')))) {
  if (Date.now() > giveUp) { console.error('the other judge never started'); break }
}
const outcomes = await readInbox(app, { imap: false, warn: (l) => console.error(l) })
await sendOutbox(app)
app.close()
console.log(JSON.stringify(outcomes))
`

it('two judges reading the same mails at once file each one once, every game verifies, every mail is sent once', async () => {
  const keys = new Map<string, string>()
  const setup = await appOn(join(dir, 'setup'))
  try {
    for (const game of GAMES) {
      const made = await createGameAsync(setup, {
        game,
        ruleset: 'sea-devils',
        scenario: 'weak-beginning',
        players: ROLES.map((r) => ({ role: r.role, address: r.address, name: r.role })),
        zone: 'UTC',
      })
      for (const r of ROLES) keys.set(`${game}/${r.role}`, made.keys[r.role]!)
    }
  } finally {
    setup.close()
  }

  const mails = orderMails(keys)
  const past = new Date(Date.now() - 60_000)
  const judges = ['a', 'b'].map((name) => {
    const data = join(dir, name)
    mkdirSync(join(data, 'inbox'), { recursive: true })
    // Each mail is raced for by the two; b reads them backwards, so each judge files the mails at
    // its own end of the list and the two meet in the middle, however late one of them starts.
    mails.forEach((m, i) => {
      const place = name === 'a' ? i : mails.length - 1 - i
      const file = join(data, 'inbox', `${String(place).padStart(3, '0')}-${name}.eml`)
      writeFileSync(file, m.text)
      utimesSync(file, past, past)
    })
    return data
  })
  const script = join(dir, 'judge.mts')
  writeFileSync(script, JUDGE)
  const tsx = join(REPO, 'node_modules', '.bin', 'tsx')
  const outs = await Promise.all(
    judges.map((data) =>
      promisify(execFile)(tsx, [script, data, url, dir], { cwd: REPO }).then(
        (r) => JSON.parse(r.stdout.trim().split('\n').pop()!) as string[],
      ),
    ),
  )
  // Every mail handled by both: filed by exactly one, a duplicate to the other.
  // (Some sets are refused, e.g. a move the rules forbid: a refusal is filed once too.)
  const filed = outs.map((o) => o.filter((x) => x !== 'duplicate').length)
  expect(outs.map((o) => o.length)).toEqual([mails.length, mails.length])
  expect(outs.flat().filter((x) => !['orders-accepted', 'orders-rejected', 'duplicate'].includes(x))).toEqual([])
  expect(filed[0]! + filed[1]!).toBe(mails.length)
  expect(filed.every((n) => n > 0)).toBe(true) // both judges did file: they really ran side by side

  const check = await appOn(join(dir, 'check'))
  try {
    const byMail = await allRows<{ causation: string; n: number }>(
      check.jobsDb,
      `SELECT causation, COUNT(*) AS n FROM events WHERE type IN ('OrdersAccepted', 'OrdersRejected')
         GROUP BY causation ORDER BY causation`,
    )
    expect(byMail.map((r) => r.causation).sort()).toEqual(mails.map((m) => m.id).sort())
    expect(byMail.every((r) => r.n === 1)).toBe(true)
    expect(await count(check.jobsDb, 'SELECT COUNT(*) FROM mail_seen')).toBe(mails.length)
    // Every acknowledgement went out once, through one judge or the other (outbox claims).
    const rows = (await allRows<{ id: number }>(check.jobsDb, 'SELECT id FROM outbox WHERE sent_at IS NOT NULL')).map(
      (r) => r.id,
    )
    expect(rows.length).toBe(await count(check.jobsDb, 'SELECT COUNT(*) FROM outbox'))
    const written = judges.flatMap((data) => readdirSync(join(data, 'outbox')).map((f) => Number(f.slice(0, 6))))
    expect(written.sort((x, y) => x - y)).toEqual(rows.sort((x, y) => x - y))
    expect((await verifyAllAsync(check.jobsDb)).ok).toBe(true)
    for (const game of GAMES) expect(await verifyAsync(check, game)).toMatchObject({ ok: true })
  } finally {
    check.close()
  }
}, 180_000)
