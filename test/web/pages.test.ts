// The game pages over HTTP, on the Sea Devils demo (hidden movement, a script each side keeps to
// itself): every page and JSON each reader is served is crawled and held to the fog checks the
// exports meet (test/helpers/readerExport.ts); a player's pages show his side's report as mailed,
// the observers' only the public part, the moderator's everything; a revoked token reads nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Handlebars from 'handlebars'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, openApp } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo } from '../../src/cli/demo.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { canSee, type Viewer } from '../../src/games/contract.ts'
import { history } from '../../src/reports/archive.ts'
import { RateLimit } from '../../src/web/rateLimit.ts'
import { startWebServer, type WebServer } from '../../src/web/server.ts'
import { textLeaks } from '../helpers/readerExport.ts'

let dir: string
let app: App
let web: WebServer
const tokens: Record<string, string> = {}
const READERS: Record<string, Viewer> = {
  federal: { kind: 'role', role: 'federal' },
  confederate: { kind: 'role', role: 'confederate' },
  observers: { kind: 'observer' },
  moderator: { kind: 'moderator' },
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pbem-web-'))
  const result = await runDemo({ dir: join(dir, 'demo') })
  app = openApp({ dataDir: result.dataDir })
  app.judge.setObservers(DEMO_GAME, true, 'test')
  for (const reader of Object.keys(READERS))
    tokens[reader] = app.judge.issueViewToken(DEMO_GAME, reader, { by: 'test' }).token
  web = await startWebServer(app.judge, { host: '127.0.0.1', port: 0 }, new RateLimit(100_000, 1000))
}, 120_000)
afterAll(async () => {
  await web?.close()
  app?.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string, init?: RequestInit) => fetch(`${web.url}${path}`, init)

/** The status of a GET of `path` sent as written (fetch would resolve the dots before sending). */
const rawStatus = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(web.url)
    request({ host: hostname, port, path, method: 'GET' }, (res) => {
      res.resume()
      resolve(res.statusCode!)
    })
      .on('error', reject)
      .end()
  })
const base = (reader: string) => `/g/${DEMO_GAME}/${tokens[reader]}/`

/** Every page, JSON and picture a reader's index leads to, fetched: their texts by path. */
async function crawl(reader: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>()
  const queue = [base(reader), `${base(reader)}index.json`]
  while (queue.length) {
    const path = queue.shift()!
    if (seen.has(path)) continue
    const res = await get(path)
    expect(res.status, path).toBe(200)
    const body = await res.text()
    seen.set(path, body)
    if (!res.headers.get('content-type')!.startsWith('text/html')) continue
    for (const [, href] of body.matchAll(/(?:href|src)="([^"#]+)"/g)) {
      if (href!.startsWith('mailto:')) continue
      const url = new URL(href!, `${web.url}${path}`)
      expect(url.origin, `${path} links outside: ${href}`).toBe(web.url)
      if (url.pathname !== '/style.css') queue.push(url.pathname)
    }
  }
  return seen
}

const pages: Record<string, Map<string, string>> = {}
const results = () =>
  app.store
    .read(`game:${DEMO_GAME}`)
    .filter((e) => e.type === 'TurnAdjudicated')
    .map((e) => e.data as TurnAdjudicated)

describe('the game pages of each reader', () => {
  beforeAll(async () => {
    for (const reader of Object.keys(READERS)) pages[reader] = await crawl(reader)
  }, 120_000)

  it('every resolution has its page, JSON and pictures, linked from the index and from each other', () => {
    const points = results().map((t) => t.point)
    expect(points.length).toBeGreaterThan(3)
    for (const reader of Object.keys(READERS)) {
      const paths = [...pages[reader]!.keys()]
      for (const p of points) {
        expect(paths, `${reader} r/${p}`).toContain(`${base(reader)}r/${p}`)
        expect(paths).toContain(`${base(reader)}r/${p}.json`)
      }
      expect(paths.some((p) => p.endsWith('.svg'))).toBe(true)
    }
  })

  it("a player's pages and JSON hold nothing of the other side: no key, no judge's hash, no hidden narrative, no one else's page token", () => {
    for (const reader of ['federal', 'confederate', 'observers']) {
      const texts = [...pages[reader]!.values()]
      expect(textLeaks(app, DEMO_GAME, READERS[reader]!, texts, 'pages'), reader).toEqual([])
      for (const [other, token] of Object.entries(tokens))
        if (other !== reader)
          expect(
            texts.some((t) => t.includes(token)),
            `${reader} shows ${other}'s token`,
          ).toBe(false)
    }
  })

  it("each resolution's page is the reader's report made again: what history() gives him, the same narrative", () => {
    for (const reader of ['federal', 'confederate', 'observers', 'moderator']) {
      const viewer = READERS[reader]!
      for (const h of history(app.judge, DEMO_GAME, viewer)) {
        const body = h.html.replace(/^[\s\S]*?<body[^>]*>/, '').replace(/<\/body>[\s\S]*$/, '')
        expect(pages[reader]!.get(`${base(reader)}r/${h.point}`), `${reader} r/${h.point}`).toContain(body)
        const json = JSON.parse(pages[reader]!.get(`${base(reader)}r/${h.point}.json`)!)
        const t = results().find((r) => r.point === h.point)!
        expect(json.result.narrative).toEqual(t.narrative.filter((n) => canSee(viewer, n.audience)))
        expect(json.result.rolls).toEqual(t.rolls.filter((r) => canSee(viewer, r.audience)))
        for (const f of h.figures) expect(pages[reader]!.get(`${base(reader)}r/${h.point}/${f.name}.svg`)).toBe(f.svg)
      }
    }
  })

  it("the moderator's pages show both sides' hidden narrative, and no key", () => {
    const texts = [...pages.moderator!.values()].join('\n')
    const hidden = results().flatMap((t) => t.narrative.filter((n) => n.audience.kind !== 'public'))
    expect(hidden.length).toBeGreaterThan(0)
    for (const n of hidden) expect(texts).toContain(Handlebars.escapeExpression(n.text))
    for (const role of ['federal', 'confederate', 'moderator'])
      expect(texts).not.toContain(app.judge.keyFor(DEMO_GAME, role))
  })

  it('the index names the game, its sides, turn and deadline; the player sees his receipts and no other', async () => {
    const index = JSON.parse(pages.federal!.get(`${base('federal')}index.json`)!)
    expect(index).toMatchObject({
      game: DEMO_GAME,
      title: 'Sea Devils',
      reader: 'federal',
      sides: ['federal', 'confederate'],
    })
    expect(index.receipts.length).toBeGreaterThan(0)
    expect(index.receipts.every((r: { role: string }) => r.role === 'federal')).toBe(true)
    const observers = JSON.parse(pages.observers!.get(`${base('observers')}index.json`)!)
    expect(observers.receipts).toEqual([])
    expect(observers.ordersOnFile).toEqual([])
    const html = pages.federal!.get(base('federal'))!
    expect(html).toContain('<h1 id="title">Sea Devils: game')
    expect(html).toMatch(/Turn \d+\./)
  })
})

describe('the pages refuse and bound', () => {
  it('a revoked token is refused on every page, like a made-up one or another game', async () => {
    const t = app.judge.issueViewToken(DEMO_GAME, 'confederate', { renew: true, by: 'test' }).token
    expect((await get(`/g/${DEMO_GAME}/${t}/`)).status).toBe(200)
    app.judge.revokeViewToken(DEMO_GAME, 'confederate', { reason: 'test', by: 'test' })
    for (const path of ['', 'index.json', 'r/1', 'r/1.json']) {
      const res = await get(`/g/${DEMO_GAME}/${t}/${path}`)
      expect(res.status, path).toBe(404)
      expect(await res.text()).not.toContain('Sea Devils')
    }
    expect((await get(`/g/${DEMO_GAME}/${'0'.repeat(32)}/`)).status).toBe(404)
    expect((await get(`/g/nosuch/${tokens.federal}/`)).status).toBe(404)
    expect((await get(`/g/${DEMO_GAME}/${app.judge.keyFor(DEMO_GAME, 'federal')}/`)).status).toBe(404)
  })

  it('no path leads anywhere else: traversal, listings, odd encodings and unknown resolutions get 404', async () => {
    for (const path of [
      '/',
      '/g/',
      `/g/${DEMO_GAME}/`,
      `/g/${DEMO_GAME}/${tokens.federal}/../../../etc/passwd`,
      `/g/${DEMO_GAME}/${tokens.federal}/%2e%2e/%2e%2e/`,
      `/g/${DEMO_GAME}/${tokens.federal}/r/`,
      `/g/${DEMO_GAME}/${tokens.federal}/r/999`,
      `/g/${DEMO_GAME}/${tokens.federal}/r/1/../../index.json`,
      `/g/${DEMO_GAME}/${tokens.federal}/r/1/nosuch.svg`,
      '/package.json',
      '/style.css/..',
    ])
      expect(await rawStatus(path), path).toBe(404)
    expect((await get(`/g/${DEMO_GAME}/${tokens.federal}/`, { method: 'POST', body: 'x' })).status).toBe(405)
    expect((await get(`/g/${'a'.repeat(600)}/`)).status).toBe(414)
  })

  it("headers: a strict policy, no sniffing or framing; a resolution's record may be kept, its page is re-asked by tag", async () => {
    const index = await get(base('federal'))
    expect(index.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    expect(index.headers.get('x-content-type-options')).toBe('nosniff')
    expect(index.headers.get('referrer-policy')).toBe('no-referrer')
    expect(index.headers.get('cache-control')).toBe('private, no-cache')
    expect((await get(`${base('federal')}r/1.json`)).headers.get('cache-control')).toBe('private, max-age=600')
    expect((await get(`/g/${DEMO_GAME}/${'0'.repeat(32)}/`)).headers.get('cache-control')).toBe('no-store')
    const page = await get(`${base('federal')}r/1`)
    expect(page.headers.get('cache-control')).toBe('private, no-cache')
    const etag = page.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const again = await get(`${base('federal')}r/1`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    const html = await page.text()
    // One script, the dice check, from the server itself; nothing from outside.
    expect([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual(['<script src="../../../../check.js" defer>'])
    expect(html).not.toMatch(/@import|url\(|https?:\/\/(?!www\.w3\.org)/i)
    const head = await get(`${base('federal')}r/1`, { method: 'HEAD' })
    expect([head.status, await head.text()]).toEqual([200, ''])
  })

  it('an address that asks too often is told to wait (429), others are not', async () => {
    const limited = await startWebServer(app.judge, { host: '127.0.0.1', port: 0 }, new RateLimit(3, 0.001))
    try {
      const statuses = []
      for (let i = 0; i < 5; i++) statuses.push((await fetch(`${limited.url}/style.css`)).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      // Behind a web server on this machine, each client it names is counted apart.
      const via = (client: string) =>
        fetch(`${limited.url}/style.css`, { headers: { 'X-Forwarded-For': `10.0.0.9, ${client}` } })
      expect([(await via('192.0.2.1')).status, (await via('192.0.2.2')).status]).toEqual([200, 200])
      const limit = new RateLimit(2, 1, 2, () => 0)
      expect([limit.take('a'), limit.take('a'), limit.take('a'), limit.take('b')]).toEqual([true, true, false, true])
    } finally {
      await limited.close()
    }
  })
})
