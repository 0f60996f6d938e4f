// The static HTML archive, clicked through in headless Chromium (Debian's package), and the
// redacted JSON export: a role's archive holds nothing that role was never shown.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp, type App } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo } from '../../src/cli/demo.ts'
import { exportGame, history, receiptStory } from '../../src/reports/archive.ts'
import { requireProgram } from '../helpers/deps.ts'

let dir: string
let app: App
let browser: Browser
beforeAll(async () => {
  requireProgram('/usr/bin/chromium', 'chromium')
  dir = mkdtempSync(join(tmpdir(), 'pbem-archive-'))
  app = openApp({ dataDir: (await runDemo({ dir: join(dir, 'demo') })).dataDir })
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}, 600_000)
afterAll(async () => {
  await browser?.close()
  app?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the game archive', () => {
  it('clicks through every resolution of the Federal archive with no script errors', async () => {
    const out = exportGame(app.judge, DEMO_GAME, { kind: 'role', role: 'federal' }, join(dir, 'export'))
    expect(out.pages).toBe(8)
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    await page.goto(pathToFileURL(out.html).href)
    expect(await page.locator('#turns li').count()).toBe(7)
    await page.click('#turns li:first-child a')
    const titles: string[] = []
    for (;;) {
      titles.push((await page.textContent('#title'))!)
      const next = page.locator('nav a#next').first()
      if ((await next.count()) === 0) break
      await next.click()
    }
    expect(titles).toEqual(
      Array.from({ length: 7 }, (_, i) => expect.stringMatching(new RegExp(`^Resolution ${i + 1}: GT\\d`))),
    )
    const body = await page.textContent('body')
    expect(body).toContain('The game ends after GT4')
    expect(errors).toEqual([])
  })

  it("a role's JSON and pages hold nothing that role was never shown", () => {
    const out = exportGame(app.judge, DEMO_GAME, { kind: 'role', role: 'federal' }, join(dir, 'export2'))
    const json = readFileSync(out.json, 'utf8')
    const all = app.judge.load(DEMO_GAME).adjudications.flatMap((a) => a.data.narrative)
    const secret = all
      .filter((n) => n.audience.kind === 'roles' && n.audience.roles.includes('confederate'))
      .map((n) => n.text)
    expect(secret.length).toBeGreaterThan(10)
    for (const s of secret) expect(json).not.toContain(s)
    expect(json).not.toContain('SUM: MOVE')
    expect(json).not.toContain(app.judge.keyFor(DEMO_GAME, 'confederate'))
    for (const h of history(app.judge, DEMO_GAME, { kind: 'role', role: 'federal' }))
      for (const s of secret) expect(h.text).not.toContain(s)
    const full = readFileSync(
      exportGame(app.judge, DEMO_GAME, { kind: 'moderator' }, join(dir, 'export3')).json,
      'utf8',
    )
    expect(full).toContain('SUM moves to C16')
  })

  it('a receipt tells its whole story', () => {
    const r = receiptStory(app.judge, 'wb-demo/3/confederate-1')!
    expect(r).toMatchObject({
      accepted: true,
      role: 'confederate',
      from: 'confederate@example.test',
      replacedBy: null,
      usedBy: { point: 3 },
    })
    expect(r.rawHash).toMatch(/^[0-9a-f]{64}$/)
    expect(r.commands).toContain('SUM: MOVE C16, RAID, MOVE C24, RAID, MOVE C12, RAID')
    expect(receiptStory(app.judge, 'wb-demo/99/1')).toBeNull()
  })
})
