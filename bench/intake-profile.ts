// Per-order CPU of the intake without a mail stack: N order mails read and filed the way
// the IMAP reader files them (readInbound for a batch of 32, then one transaction), into one game
// or spread over many games. Run under `node --cpu-prof` to see where an order's time goes:
//   INTAKE_MAILS=600 INTAKE_GAMES=1 npx tsx bench/intake-profile.ts
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openApp, sendOutbox } from '../src/cli/app.ts'
import { loadMailConfig } from '../src/mail/config.ts'
import { readInbound } from '../src/mail/intake.ts'
import { sqliteOutbox } from '../src/mail/outbox.ts'

const n = Number(process.env.INTAKE_MAILS ?? 600)
const games = Number(process.env.INTAKE_GAMES ?? 1)
const dir = mkdtempSync(join(tmpdir(), 'pbem-intake-profile-'))
process.env.PBEM_REPLY_LIMIT = String(n * 2)
const app = openApp({ dataDir: dir, mail: loadMailConfig({}), moderatorAddress: null })
try {
  const keys = Array.from({ length: games }, (_, g) => {
    const k = app.judge.createGame({
      game: `bench${g}`,
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [
        { role: 'federal', address: `fed${g}@example.test`, name: 'F' },
        { role: 'confederate', address: `reb${g}@example.test`, name: 'C' },
      ],
    }).keys
    return k
  })
  await sendOutbox(app)
  const raws = Array.from({ length: n }, (_, i) => {
    const g = i % games
    const role = Math.floor(i / games) % 2 ? 'confederate' : 'federal'
    const k = keys[g] as Record<string, string>
    const text =
      role === 'federal'
        ? `GAME bench${g} FEDERAL\nKEY ${k.federal}\nMOVE POWH C13`
        : `GAME bench${g} CONFEDERATE\nKEY ${k.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`
    const from = role === 'federal' ? `fed${g}@example.test` : `reb${g}@example.test`
    return Buffer.from(
      [
        `From: ${from}`,
        'To: orders@example.test',
        `Subject: orders ${i}`,
        `Message-ID: <bench-${i}@example.test>`,
        'Date: Thu, 26 Nov 2026 07:00:00 +0000',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        text,
        '',
      ].join('\r\n'),
    )
  })
  const deps = { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }
  const outcomes = new Map<string, number>()
  let readMs = 0
  let fileMs = 0
  const cpu0 = process.cpuUsage()
  for (let i = 0; i < n; i += 32) {
    const t0 = performance.now()
    const files: (() => string)[] = []
    for (const raw of raws.slice(i, i + 32)) files.push(await readInbound(raw, `bench:${i}`, deps))
    const t1 = performance.now()
    app.judge.transaction(() => {
      for (const f of files) {
        const o = f()
        outcomes.set(o, (outcomes.get(o) ?? 0) + 1)
      }
    })
    readMs += t1 - t0
    fileMs += performance.now() - t1
  }
  const cpu1 = process.cpuUsage(cpu0)
  const t2 = performance.now()
  const sent = await sendOutbox(app)
  const sendMs = performance.now() - t2
  const cpu2 = process.cpuUsage(cpu0)
  const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000
  console.log(
    JSON.stringify({
      n,
      games,
      outcomes: Object.fromEntries(outcomes),
      readMsPerOrder: +(readMs / n).toFixed(3),
      fileMsPerOrder: +(fileMs / n).toFixed(3),
      sent,
      composeMsPerMail: +(sendMs / Math.max(1, sent)).toFixed(3),
      cpuMsPerOrderFiling: +(cpuMs(cpu1) / n).toFixed(3),
      cpuMsPerMailSending: +((cpuMs(cpu2) - cpuMs(cpu1)) / Math.max(1, sent)).toFixed(3),
    }),
  )
} finally {
  app.close()
  rmSync(dir, { recursive: true, force: true })
}
