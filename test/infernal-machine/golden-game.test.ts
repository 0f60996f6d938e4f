// The golden game of Infernal Machine's mails (test/helpers/golden.ts): a campaign year from its
// order mails, dropped in the judge's inbox folder and read by the real intake, to the season's
// result, with a pinned server secret, dice secrets and clock. Every mail the judge queues is kept
// whole (recipient, subject, size and text part; a picture by the SHA-256 of its SVG) and compared
// byte for byte, with a summary of the mails each player got in each season and their sizes.
// Regenerate deliberately with UPDATE_GOLDEN=1, then read the diff.
import { createHash } from 'node:crypto'
import { utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readInbox } from '../../src/cli/app.ts'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import { withParts } from '../../src/mail/outbound.ts'
import type { Letter } from '../../src/reports/render.ts'
import type { ImState } from '../../src/games/infernal-machine/index.ts'
import { sha256Hex } from '../../src/util/canonical.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { expectGolden } from '../helpers/golden.ts'
import { composedSizes, MAIL_MAX_BYTES } from '../helpers/mailBudget.ts'

const GOLDEN = fileURLToPath(new URL('./golden/campaign/', import.meta.url))
// The demo's game and seed: Norfolk, and a shop the year's orders fit (by-mail-year.test.ts plays the same).
const GAME = 'im-demo'
const CAPTAIN = 'hunley@example.test'
const SEED = 'im-demo-1'

/** One mail a season; the second one of summer is the corrected Build after a refused tile number. */
const SEASONS: { label: string; mails: string[] }[] = [
  { label: 'spring 1861 (set-up)', mails: ['PACE MISSION\nRECRUIT MECHANIC KEEP ALL\nRECRUIT JOURNEYMAN KEEP ALL'] },
  {
    label: 'summer 1861',
    mails: [
      'BUILD needle-prow section section chisel-stern hatch@5',
      'BUILD needle-prow section section chisel-stern hatch@1 steering-link@1\nBUILD propeller@3',
    ],
  },
  {
    label: 'autumn 1861',
    mails: [
      'CREW moser=STEER\nROUTE back-bay mount-pleasant\nMISSION TRAINING FROM mount-pleasant CREW moser@1,baird@1,alexander@2,robinson@2',
    ],
  },
  { label: 'winter 1862', mails: ['INVEST 0'] },
]

let app: TestApp
let key: string
const intake: string[] = []
/** The outbox ids each season's mails and resolution queued. */
const bySeason: { label: string; ids: number[] }[] = []

let n = 0
/** An order mail as the captain's mail program sends it, dropped in the inbox folder and read. */
async function mail(body: string): Promise<void> {
  const id = ++n
  const raw = [
    `From: Horace Hunley <${CAPTAIN}>`,
    `To: ${app.judge.replyAddress(GAME, 'captain', key)}`,
    `Subject: Orders ${GAME} captain ${id}`,
    'Date: Mon, 02 Mar 2026 12:00:00 +0000',
    `Message-ID: <golden${id}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `GAME ${GAME} CAPTAIN`,
    `KEY ${key}`,
    ...body.split('\n'),
    '',
  ].join('\r\n')
  const file = join(app.dirs.inbox, `golden-${id}.eml`)
  writeFileSync(file, raw)
  // The drop folder waits a second for a file younger than its settle time: date it back instead.
  utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
  intake.push(...(await readInbox(app)).map(String))
}

const lastId = () => outboxRows(app).at(-1)?.id ?? 0

beforeAll(async () => {
  app = testApp(SEED, { serverSecret: sha256Hex('im-golden') })
  app.judge.createGame({
    game: GAME,
    ruleset: 'infernal-machine',
    scenario: 'campaign-csa',
    players: [{ role: 'captain', address: CAPTAIN, name: 'Horace Hunley' }],
    zone: 'UTC',
  })
  key = app.judge.keyFor(GAME, 'captain')
  bySeason.push({ label: 'opening', ids: outboxRows(app).map((r) => r.id) })
  for (const season of SEASONS) {
    const from = lastId()
    for (const body of season.mails) await mail(body)
    app.now.t += 3_600_000
    expect(app.judge.adjudicate(GAME).committed).toBe(true)
    bySeason.push({ label: season.label, ids: outboxRows(app).flatMap((r) => (r.id > from ? [r.id] : [])) })
  }
}, 120_000)
afterAll(() => app?.cleanup())

/** The bytes of a queued mail's parts: text, HTML and each picture's SVG (drawn as a PNG when sent). */
function sizeOf(mail: Letter): number {
  const parts = [mail.text, mail.html ?? '', ...(mail.attachments ?? []).map((a) => a.svg ?? a.content ?? '')]
  return parts.reduce((a, p) => a + Buffer.byteLength(p), 0)
}

function goldenFiles(): Map<string, string> {
  const rows = outboxRows(app)
  const files = new Map<string, string>()
  for (const r of rows) {
    // The pictures are stored apart (mail_parts): read them back, or every picture would hash as empty.
    const m = withParts(app.db, r.mail as never) as unknown as Letter
    const pictures = (m.attachments ?? []).map(
      (a) =>
        `picture: ${a.filename} sha256:${createHash('sha256')
          .update(a.svg ?? a.content ?? '')
          .digest('hex')}`,
    )
    files.set(
      `${String(r.id).padStart(4, '0')}-${r.kind}-${r.recipient.split('@')[0]}.txt`,
      [
        `to: ${r.recipient}`,
        `subject: ${m.subject}`,
        `size: ${sizeOf(m)} bytes (text, HTML and picture SVG)`,
        ...pictures,
        '--- text ---',
        m.text,
      ].join('\n'),
    )
  }
  const summary = bySeason.map(({ label, ids }) => {
    const of = rows
      .filter((r) => ids.includes(r.id))
      .map((r) => ({ ...r, mail: withParts(app.db, r.mail as never) as unknown as Letter }))
    const readers = [...new Set(of.map((r) => r.recipient))]
    const each = readers.map((to) => {
      const mine = of.filter((r) => r.recipient === to)
      return `${to.split('@')[0]} ${mine.length} (${mine.map((r) => `${r.kind} ${sizeOf(r.mail)}`).join(', ')})`
    })
    return `${label}: ${each.join('; ')}`
  })
  const head =
    'Mails each reader got in each season: how many, each by kind and size (bytes of text, HTML and picture SVG)'
  files.set('summary.txt', `${[head, ...summary].join('\n')}\n`)
  return files
}

describe('Infernal Machine: the golden game of its mails, from order mails to a season result', () => {
  it('p.39-62 the year is played from the mails: the refused Build told why, every other mail accepted', () => {
    expect(intake).toEqual([
      'orders-accepted',
      'orders-rejected',
      'orders-accepted',
      'orders-accepted',
      'orders-accepted',
    ])
    const c = (app.judge.load(GAME).state as ImState).campaign!
    expect([c.year, c.season]).toEqual([1862, 'spring'])
    expect(outboxRows(app).some((r) => r.mail.text.includes('hatch@5: there is no tile 5'))).toBe(true)
    expect(verifyGame(app.db, app.judge, GAME)).toMatchObject({ ok: true, problems: [] })
    expect(verifyDice(app.judge, GAME).ok).toBe(true)
  })

  it('sends the captain at most two mails a season besides the answers to his own orders, none over 200 KB', () => {
    for (const { label, ids } of bySeason) {
      const mine = outboxRows(app).filter((r) => ids.includes(r.id) && r.recipient === CAPTAIN)
      expect(mine.filter((r) => r.kind !== 'ack').length, label).toBeLessThanOrEqual(2)
      for (const r of mine)
        expect(sizeOf(withParts(app.db, r.mail as never) as unknown as Letter), `${label} ${r.kind}`).toBeLessThan(
          200_000,
        )
    }
  })

  it('p.15 p.47 every report carries the board with the boat, on a mission or in the shop; none over 200 KB as sent', async () => {
    const reports = outboxRows(app).filter((r) => r.kind === 'report' && r.id > bySeason[0]!.ids.at(-1)!)
    expect(reports.length).toBeGreaterThan(4)
    for (const r of reports) {
      const m = withParts(app.db, r.mail as never) as unknown as Letter
      expect(
        (m.attachments ?? []).map((a) => a.filename.split('-')[0]),
        m.subject,
      ).toEqual(['mission'])
    }
    for (const { name, bytes } of await composedSizes(app, GAME, 2)) expect(bytes, name).toBeLessThan(MAIL_MAX_BYTES)
  }, 60_000)

  it('writes exactly the recorded mails, byte for byte', () => {
    const files = goldenFiles()
    expect(files.size).toBeGreaterThan(10)
    expectGolden(GOLDEN, files)
  })
})
