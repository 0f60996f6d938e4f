// Golden test: the whole Weak Beginning demo from its order mails; every mail the judge writes
// must match the recorded one byte for byte. Regenerate deliberately with UPDATE_GOLDEN=1.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo, type DemoResult } from '../../src/cli/demo.ts'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'

const GOLDEN = fileURLToPath(new URL('./weak-beginning/', import.meta.url))
let dir: string
let result: DemoResult

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pbem-golden-'))
  result = await runDemo({ dir: join(dir, 'demo') })
  if (process.env.UPDATE_GOLDEN) {
    rmSync(GOLDEN, { recursive: true, force: true })
    mkdirSync(GOLDEN, { recursive: true })
    for (const f of readdirSync(result.outbox)) writeFileSync(join(GOLDEN, f), readFileSync(join(result.outbox, f)))
  }
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('13.2 Weak Beginning, played from the sample order mails', () => {
  it('ends after GT4 with the recorded victory points and level (12.15)', () => {
    expect(result).toMatchObject({ vp: { csa: 40, usa: 75 }, difference: -35, level: 'Federal Major Victory' })
  })

  it('writes exactly the recorded mails, byte for byte', () => {
    const written = readdirSync(result.outbox).sort()
    expect(written).toEqual(readdirSync(GOLDEN).sort())
    for (const f of written) expect(readFileSync(join(result.outbox, f)).toString('utf8'), f).toBe(readFileSync(join(GOLDEN, f)).toString('utf8'))
  })

  it('shows a raid, a search, an escape attempt and a combat', () => {
    const app = openApp({ dataDir: result.dataDir })
    try {
      const text = app.judge.load(DEMO_GAME).adjudications.flatMap((a) => a.data.narrative.map((n) => n.text)).join('\n')
      expect(text).toMatch(/raids C\d+/)
      expect(text).toMatch(/spots (SUM|NASH)/)
      expect(text).toMatch(/escapes from/)
      expect(text).toMatch(/Combat: NASH against S-D-CU/)
    } finally {
      app.close()
    }
  })

  it('verifies: the chain is intact, every result re-folds and every roll reproduces', () => {
    const app = openApp({ dataDir: result.dataDir })
    try {
      expect(verifyGame(app.db, app.judge, DEMO_GAME)).toMatchObject({ ok: true, problems: [] })
      const dice = verifyDice(app.judge, DEMO_GAME)
      expect(dice.ok).toBe(true)
      expect(dice.checked).toBeGreaterThan(20)
    } finally {
      app.close()
    }
  })
})
