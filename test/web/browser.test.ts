// The game pages in headless Chromium (Debian's package; the test fails, never skips, without it):
// the dice check in the page agrees with `pbem dice verify` on every resolution and flags an edited
// roll, the history is walked from the first resolution to the last by its links, the pages read
// without JavaScript, a player's DOM holds nothing the other side alone may see, and the static
// copy opens from disk and shows the same.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, openApp } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo } from '../../src/cli/demo.ts'
import { verifyDice } from '../../src/engine/audit.ts'
import { redactedEvents } from '../../src/reports/archive.ts'
import { RateLimit } from '../../src/web/rateLimit.ts'
import { startWebServer, type WebServer } from '../../src/web/server.ts'
import { writeSite } from '../../src/web/staticSite.ts'
import { requireProgram } from '../helpers/deps.ts'
import { textLeaks } from '../helpers/readerExport.ts'

let dir: string
let app: App
let web: WebServer
let browser: Browser
const tokens: Record<string, string> = {}

beforeAll(async () => {
  requireProgram('/usr/bin/chromium', 'chromium')
  dir = mkdtempSync(join(tmpdir(), 'pbem-web-browser-'))
  app = openApp({ dataDir: (await runDemo({ dir: join(dir, 'demo') })).dataDir })
  app.judge.setObservers(DEMO_GAME, true, 'test')
  for (const reader of ['federal', 'confederate', 'observers'])
    tokens[reader] = app.judge.issueViewToken(DEMO_GAME, reader, { by: 'test' }).token
  web = await startWebServer(app.judge, { host: '127.0.0.1', port: 0 }, new RateLimit(100_000, 1000))
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
}, 600_000)
afterAll(async () => {
  await browser?.close()
  await web?.close()
  app?.close()
  rmSync(dir, { recursive: true, force: true })
})

const index = (reader: string) => `${web.url}/g/${DEMO_GAME}/${tokens[reader]}/`
const points = () => app.judge.load(DEMO_GAME).adjudications.map((a) => a.data.point)

/** The dice check's verdict on a page, once the script has written it. */
async function diceVerdict(url: string, edit?: (html: string) => string): Promise<{ verdict: string; rows: string[] }> {
  const page = await browser.newPage()
  try {
    if (edit)
      await page.route(url, async (route) => {
        const res = await route.fetch()
        await route.fulfill({ response: res, body: edit(await res.text()) })
      })
    await page.goto(url)
    await page.waitForFunction(() => /agree|FAILED|cannot/.test(document.getElementById('dice-check')!.textContent!))
    return {
      verdict: (await page.textContent('#dice-check'))!,
      rows: await page.$$eval('#rolls tr[data-index] .check', (cells) => cells.map((c) => c.textContent!)),
    }
  } finally {
    await page.close()
  }
}

describe('the pages in a browser', () => {
  it('the dice check in the page agrees with pbem dice verify on every resolution', async () => {
    expect(verifyDice(app.judge, DEMO_GAME).ok).toBe(true)
    for (const p of points()) {
      const shown = app.judge.load(DEMO_GAME).adjudications.find((a) => a.data.point === p)!.data.rolls
      const { verdict, rows } = await diceVerdict(`${index('federal')}r/${p}`)
      expect(verdict, `resolution ${p}`).toMatch(/^Checked in your browser: the secret matches its commitment/)
      expect(rows.every((r) => r === 'agrees')).toBe(true)
      expect(rows.length).toBeLessThanOrEqual(shown.length)
    }
  }, 120_000)

  it('an edited roll or secret is flagged', async () => {
    const p = points().find((q) =>
      app.judge
        .load(DEMO_GAME)
        .adjudications.find((a) => a.data.point === q)!
        .data.rolls.some((r) => r.audience.kind === 'public'),
    )!
    const url = `${index('federal')}r/${p}`
    const edited = await diceVerdict(url, (html) =>
      html.replace(
        /(<tr data-index="\d+"[^>]*data-sides="(\d+)" data-value=")(\d+)"/,
        (_m, head, sides, value) => `${head}${(Number(value) % Number(sides)) + 1}"`,
      ),
    )
    expect(edited.verdict).toMatch(/^CHECK FAILED: 1 of \d+ roll\(s\) differ/)
    expect(edited.rows[0]).toMatch(/^DIFFERS: the secret gives \d+$/)
    const secret = await diceVerdict(url, (html) =>
      html.replace(/data-secret="([0-9a-f])/, (_m, c) => `data-secret="${c === '0' ? '1' : '0'}`),
    )
    expect(secret.verdict).toMatch(/^CHECK FAILED: the secret does not hash to the commitment/)
  }, 60_000)

  it("the reader's hash chain is checked in the page, ends where his export's does, and an edited event breaks it", async () => {
    const events = redactedEvents(app.judge, DEMO_GAME, { kind: 'role', role: 'confederate' }) as { hash: string }[]
    const url = `${index('confederate')}chain`
    const check = async (edit?: (html: string) => string) => {
      const page = await browser.newPage()
      try {
        if (edit)
          await page.route(url, async (route) => {
            const res = await route.fetch()
            await route.fulfill({ response: res, body: edit(await res.text()) })
          })
        await page.goto(url)
        await page.waitForFunction(() =>
          /chain up|FAILED|cannot/.test(document.getElementById('chain-check')!.textContent!),
        )
        return (await page.textContent('#chain-check'))!
      } finally {
        await page.close()
      }
    }
    expect(await check()).toBe(
      `Checked in your browser: all ${events.length} event(s) chain up to ${events.at(-1)!.hash}.`,
    )
    expect(
      await check((html) => html.replace(/("type":"OrdersAccepted"[\s\S]*?"normalised":\["[^"]*?)"/, '$1X"')),
    ).toMatch(/^CHECK FAILED at event \d+ \(OrdersAccepted\)/)
  }, 60_000)

  it('the history is walked by its links and by its slider, first to last; a page reads the same without JavaScript', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(index('confederate'))
      await page.click('#resolutions a')
      const walked = [await page.textContent('#title')]
      while (await page.$('#next')) {
        await page.click('#next')
        walked.push(await page.textContent('#title'))
      }
      expect(walked.map((t) => Number(/^Resolution (\d+)/.exec(t!)![1]))).toEqual(points())
    } finally {
      await page.close()
    }
    // With its script, the page also has a slider through the resolutions.
    const sliding = await browser.newPage()
    try {
      await sliding.goto(`${index('confederate')}r/${points()[0]}`)
      await sliding.waitForSelector('#slider')
      await sliding.$eval(
        `#slider`,
        (el, last) => {
          const input = el as HTMLInputElement
          input.value = String(last)
          input.dispatchEvent(new Event('change'))
        },
        points().length - 1,
      )
      await sliding.waitForURL(`**/r/${points().at(-1)}`)
      expect(await sliding.textContent('#title')).toMatch(new RegExp(`^Resolution ${points().at(-1)}:`))
    } finally {
      await sliding.close()
    }
    const bare = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await bare.newPage()
      await page.goto(`${index('confederate')}r/${points()[0]}`)
      expect(await page.textContent('#report')).toContain('What happened')
      expect(await page.$$eval('#rolls tr[data-index]', (rows) => rows.length)).toBeGreaterThan(0)
      expect(await page.textContent('#dice-check')).toContain('when it runs the page')
      expect(await page.$('#slider')).toBeNull()
    } finally {
      await bare.close()
    }
  }, 120_000)

  it('on a phone: every page fits the screen, with no sideways scrolling', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    try {
      const page = await phone.newPage()
      for (const path of ['', 'chain', ...points().map((p) => `r/${p}`)]) {
        await page.goto(`${index('federal')}${path}`)
        const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
        expect(scroll, path || 'index').toBeLessThanOrEqual(width!)
      }
    } finally {
      await phone.close()
    }
  }, 120_000)

  it("what a side or the observers see in the browser (text and every fetched JSON) holds nothing of the other side's", async () => {
    for (const [reader, viewer] of [
      ['federal', { kind: 'role', role: 'federal' }],
      ['observers', { kind: 'observer' }],
    ] as const) {
      const page = await browser.newPage()
      const texts: string[] = []
      try {
        for (const path of [
          '',
          'index.json',
          'chain',
          'chain.json',
          ...points().flatMap((p) => [`r/${p}`, `r/${p}.json`]),
        ]) {
          await page.goto(`${index(reader)}${path}`)
          texts.push(await page.content(), (await page.textContent('body')) ?? '')
        }
      } finally {
        await page.close()
      }
      expect(textLeaks(app, DEMO_GAME, viewer, texts, 'browser pages')).toEqual([])
    }
  }, 120_000)

  it('the static copy opens from disk: the same pages, its links and its dice check work', async () => {
    const out = join(dir, 'site')
    const site = writeSite(app.judge, DEMO_GAME, { kind: 'role', role: 'federal' }, out)
    const page = await browser.newPage()
    try {
      await page.goto(pathToFileURL(site.index).href)
      expect(await page.textContent('#reader')).toBe('federal')
      await page.click('#resolutions a')
      expect(page.url()).toMatch(/\/r\/1\.html$/)
      await page.waitForFunction(() => /agree|FAILED|cannot/.test(document.getElementById('dice-check')!.textContent!))
      expect(await page.textContent('#dice-check')).toMatch(/^Checked in your browser/)
      const served = await (await fetch(`${index('federal')}r/1`)).text()
      const body = (html: string) => /<section id="report">([\s\S]*?)<\/section>/.exec(html)![1]
      expect(body(readFileSync(join(out, 'r/1.html'), 'utf8'))).toBe(body(served))
      expect(readFileSync(join(out, 'r/1.html'), 'utf8')).not.toContain(tokens.federal)
    } finally {
      await page.close()
    }
  }, 60_000)
})
