// Every shipped game's demo, read through its pages by each of its sides and by the observers:
// every page, JSON and picture the server answers (the very function behind the HTTP server), and
// every page as headless Chromium shows it (its DOM and text), held to the exports' fog checks;
// the moderator's pages show what each side alone was told.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Handlebars from 'handlebars'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, openApp } from '../../src/cli/app.ts'
import { runDemo } from '../../src/cli/demo.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import type { Viewer } from '../../src/games/contract.ts'
import { rulesetFactory, rulesetIds } from '../../src/games/index.ts'
import { RateLimit } from '../../src/web/rateLimit.ts'
import { answer, startWebServer } from '../../src/web/server.ts'
import { requireProgram } from '../helpers/deps.ts'
import { textLeaks } from '../helpers/readerExport.ts'

const dir = mkdtempSync(join(tmpdir(), 'pbem-web-games-'))
let browser: Browser
beforeAll(async () => {
  requireProgram('/usr/bin/chromium', 'chromium')
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
}, 120_000)
afterAll(async () => {
  await browser?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** What Chromium shows of each HTML page among `paths`: its DOM and its text. */
async function inBrowser(app: App, paths: string[]): Promise<string[]> {
  const web = await startWebServer(app.judge, { host: '127.0.0.1', port: 0 }, new RateLimit(100_000, 1000))
  const page = await browser.newPage()
  try {
    const seen: string[] = []
    for (const path of paths) {
      await page.goto(`${web.url}${path}`)
      seen.push(await page.content(), (await page.textContent('body')) ?? '')
    }
    return seen
  } finally {
    await page.close()
    await web.close()
  }
}

/** Every answer a reader's index leads to, by path. */
function crawl(app: App, start: string): Map<string, string> {
  const seen = new Map<string, string>()
  const queue = [start, `${start}index.json`]
  while (queue.length) {
    const path = queue.shift()!
    if (seen.has(path)) continue
    const a = answer(app.judge, path)
    expect(a.status, path).toBe(200)
    seen.set(path, a.body)
    if (!a.type.startsWith('text/html')) continue
    for (const [, href] of a.body.matchAll(/(?:href|src)="([^"#]+)"/g)) {
      if (href!.startsWith('mailto:')) continue
      const url = new URL(href!, `http://pages.test${path}`)
      expect(url.origin).toBe('http://pages.test')
      if (!['/style.css', '/check.js'].includes(url.pathname)) queue.push(url.pathname)
    }
  }
  return seen
}

describe.each(rulesetIds().filter((id) => rulesetFactory(id).demo))('the pages of the %s demo', (ruleset) => {
  it('each side and the observers read nothing that is not theirs; the moderator reads what each was told', async () => {
    const { dataDir } = await runDemo({ dir: join(dir, ruleset), game: ruleset })
    const app = openApp({ dataDir })
    try {
      const game = app.judge.games()[0]!
      const fold = app.judge.load(game)
      app.judge.setObservers(game, true, 'test')
      const readers: [string, Viewer][] = [
        ...[...fold.players.keys()].map((role): [string, Viewer] => [role, { kind: 'role', role }]),
        ['observers', { kind: 'observer' }],
      ]
      const tokens = new Map(
        [...readers.map(([r]) => r), 'moderator'].map((r) => [
          r,
          app.judge.issueViewToken(game, r, { by: 'test' }).token,
        ]),
      )
      const moderator = [...crawl(app, `/g/${game}/${tokens.get('moderator')}/`).values()].join('\n')
      const results = fold.adjudications.map((a) => a.data as TurnAdjudicated)
      expect(results.length).toBeGreaterThan(0)
      for (const [reader, viewer] of readers) {
        const pages = crawl(app, `/g/${game}/${tokens.get(reader)}/`)
        expect(pages.size).toBeGreaterThanOrEqual(2 + 2 * results.length)
        const texts = [...pages.values()]
        expect(textLeaks(app, game, viewer, texts, 'pages')).toEqual([])
        // Every answer above is checked as served; in Chromium, each kind of page once (the index,
        // the events, the latest resolution): the script changes a page's DOM the same way whatever
        // resolution it shows.
        const html = [...pages.keys()].filter((p) => !/\.(json|svg)$/.test(p))
        const shown = [
          html[0]!,
          ...html.filter((p) => p.endsWith('/chain')),
          html.filter((p) => /\/r\/\d+$/.test(p)).at(-1)!,
        ]
        expect(textLeaks(app, game, viewer, await inBrowser(app, shown), 'pages in the browser')).toEqual([])
        for (const [other, token] of tokens)
          if (other !== reader)
            expect(
              texts.some((t) => t.includes(token)),
              `${reader} holds ${other}'s token`,
            ).toBe(false)
      }
      for (const t of results)
        for (const n of t.narrative) expect(moderator).toContain(Handlebars.escapeExpression(n.text))
      for (const role of [...fold.players.keys(), 'moderator'])
        expect(moderator).not.toContain(app.judge.keyFor(game, role))
    } finally {
      app.close()
    }
  }, 180_000)
})
