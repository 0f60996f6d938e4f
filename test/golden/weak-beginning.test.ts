// Golden test: the whole Weak Beginning demo from its order mails; every mail the judge writes
// must match the recorded one byte for byte. Regenerate deliberately with UPDATE_GOLDEN=1.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppAsync } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo, type DemoResult } from '../../src/cli/demo.ts'
import { verifyDice } from '../../src/engine/audit.ts'
import { loadAsync, readAsync, verifyAsync } from '../helpers/asyncJudge.ts'
import { expectGolden, outboxFolderMails, withoutImages } from '../helpers/golden.ts'
import { MAIL_MAX_BYTES, MAILS_PER_TURN, mailsPerTurnAsync } from '../helpers/mailBudget.ts'
import { bothEngines } from '../pg/engines.ts'

const GOLDEN = fileURLToPath(new URL('../sea-devils/golden/weak-beginning/', import.meta.url))

// The whole game runs on both engines: the same mails, byte for byte, and the same log.
const ENGINES = bothEngines()

describe.each(ENGINES)('13.2 Weak Beginning, played from the sample order mails, on $name', (engine) => {
  let dir: string
  let result: DemoResult
  let database: string | undefined

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pbem-golden-'))
    database = engine.app()
    result = await runDemo({ dir: join(dir, 'demo'), ...(database ? { database } : {}) })
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  // Read again as the commands read it, on the async handle.
  const reopen = () => openAppAsync({ dataDir: result.dataDir, ...(database ? { database } : {}) })

  it('ends after GT4 with the recorded victory points and level (12.15)', () => {
    expect(result.outcome).toEqual({
      summary: 'Confederate Minor Victory (VP difference 54)',
      winner: 'confederate',
      scores: { confederate: 54, federal: 0 },
      details: { level: 'Confederate Minor Victory', difference: 54 },
    })
  })

  it('writes exactly the recorded mails, byte for byte', () => {
    // Recorded from the SQLite run; the PostgreSQL run must write the same.
    expectGolden(GOLDEN, outboxFolderMails(result.outbox), engine.name === 'sqlite')
    // Every report carries its map, shown inline by the HTML part.
    const report = readdirSync(result.outbox)
      .map((f) => readFileSync(join(result.outbox, f), 'utf8'))
      .find((t) => t.includes('Subject: [wb-demo] Results'))!
    expect(report).toMatch(/Content-Type: image\/png; name=map-wb-demo-r\d\.png/)
    expect(report).toContain('Content-ID: <map@acw-pbem>')
    expect(withoutImages(report)).toContain('[png]')
  })

  it('mails each reader at most twice a game turn besides the answers to his own mail, each mail under 200 KB', async () => {
    const app = await reopen()
    try {
      expect([...(await mailsPerTurnAsync(app, DEMO_GAME))].filter(([, n]) => n > MAILS_PER_TURN)).toEqual([])
    } finally {
      app.close()
    }
    for (const f of readdirSync(result.outbox))
      expect(statSync(join(result.outbox, f)).size, f).toBeLessThan(MAIL_MAX_BYTES)
  })

  it('shows a raid, a search, an escape attempt and a combat', async () => {
    const app = await reopen()
    try {
      const text = (await loadAsync(app, DEMO_GAME)).adjudications
        .flatMap((a) => a.data.narrative.map((n) => n.text))
        .join('\n')
      expect(text).toMatch(/raids C\d+/)
      expect(text).toMatch(/spots (SUM|NASH)/)
      expect(text).toMatch(/escapes from/)
      expect(text).toMatch(/Combat: NASH against S-D-CU/)
    } finally {
      app.close()
    }
  })

  it('verifies: the chain is intact, every result re-folds and every roll reproduces', async () => {
    const app = await reopen()
    try {
      expect(await verifyAsync(app, DEMO_GAME)).toMatchObject({ ok: true, problems: [] })
      const dice = await readAsync(app, [DEMO_GAME], (j) => verifyDice(j, DEMO_GAME))
      expect(dice.ok).toBe(true)
      expect(dice.checked).toBeGreaterThan(20)
    } finally {
      app.close()
    }
  })
})
