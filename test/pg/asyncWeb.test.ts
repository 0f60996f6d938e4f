// The game pages read on the judge's async handle, then rendered synchronously and unchanged on a
// reading judge, as the read-only commands are: on PostgreSQL no page the server serves sends a
// statement on the synchronous driver, and each answers what the synchronous way answers (status,
// type, body and headers); the static site export likewise.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { Command } from 'commander'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Deps from '../../src/cli/deps.ts'
import { registerAuditCommands } from '../../src/cli/audit.ts'
import { registerGameCommands } from '../../src/cli/gameCommands.ts'
import { pagesAhead } from '../../src/engine/readingJudge.ts'
import { readjudicate } from '../../src/engine/readjudicate.ts'
import { Memo } from '../../src/web/memo.ts'
import { RateLimit } from '../../src/web/rateLimit.ts'
import { type Answer, answer, startWebServer, type WebServer } from '../../src/web/server.ts'
import { writeSite } from '../../src/web/staticSite.ts'
import { createFixtureDuel, type TestApp, testApp } from '../helpers/app.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()
const READERS = ['north', 'observers', 'moderator'] as const

/** What an HTTP answer shows a reader: its status, the headers that matter and its body. */
interface Served {
  status: number
  type: string | null
  cache: string | null
  etag: string | null
  body: string
}

describe('the game pages on the async handle', () => {
  let app: TestApp
  let tokens: Record<string, string>
  let servers: WebServer[]
  beforeEach(() => {
    app = testApp('async-web', { database: engine!.app()! })
    createFixtureDuel(app, 'wp1')
    for (const [north, south] of [
      ['DRAW 2', 'DRAW 1'],
      ['DRAW 3', 'DRAW 2'],
    ]) {
      app.judge.submitOrders('wp1', 'north', north!)
      app.judge.submitOrders('wp1', 'south', south!)
      app.judge.adjudicate('wp1')
    }
    app.judge.submitOrders('wp1', 'north', 'DRAW 1')
    createFixtureDuel(app, 'wp2')
    app.judge.setObservers('wp1', true, 'test')
    tokens = Object.fromEntries(
      READERS.map((r) => [r, app.judge.issueViewToken('wp1', r, { by: 'test' }).token] as const),
    )
    servers = []
  })
  afterEach(async () => {
    for (const s of servers) await s.close()
    app.cleanup()
  })

  /** The pages served on the judge, read ahead on its async handle (as `pbem serve` starts them), or synchronously. */
  async function server(ahead: boolean, limit = new RateLimit(100_000, 1000)): Promise<WebServer> {
    const web = await startWebServer(app.judge, { host: '127.0.0.1', port: 0 }, limit, ahead ? pages() : null)
    servers.push(web)
    return web
  }
  const pages = () => pagesAhead(app.judge, app.jobsDb)

  /** `path` fetched from `web` in a process that keeps no fold, with the synchronous statements it sent. */
  async function fetched(web: WebServer, path: string, init?: RequestInit): Promise<Served & { calls: string[] }> {
    app.judge.folds.clear()
    const sync = synchronousCalls(engine!.name)
    let calls: string[] = []
    let res: Response
    let body: string
    try {
      res = await fetch(`${web.url}${path}`, init)
      body = await res.text()
    } finally {
      calls = sync.stop()
    }
    const h = (name: string) => res.headers.get(name)
    return { status: res.status, type: h('content-type'), cache: h('cache-control'), etag: h('etag'), body, calls }
  }

  /** What `path` answers the synchronous way: no fold kept, nothing kept between pages. */
  function synchronously(path: string): { answer: Answer; calls: string[] } {
    app.judge.folds.clear()
    const sync = synchronousCalls(engine!.name)
    const calls: string[] = []
    try {
      return { answer: answer(app.judge, path, new Memo()), calls }
    } finally {
      calls.push(...sync.stop())
    }
  }

  /** Every page a reader's links lead to, and the ways a path is refused (the pages' memo left empty). */
  function paths(): string[] {
    const all = READERS.flatMap((r) => {
      const base = `/g/wp1/${tokens[r]}/`
      const figures = JSON.parse(answer(app.judge, `${base}r/1.json`, new Memo()).body).figures as { name: string }[]
      expect(figures.length).toBeGreaterThan(0)
      return [
        ...['', 'index.json', 'chain', 'chain.json', 'r/1', 'r/1.json', 'r/2', 'r/2.json'].map((p) => base + p),
        ...figures.map((f) => `${base}r/1/${f.name}.svg`),
        `${base}r/9`,
        `${base}r/1/nosuch.svg`,
      ]
    })
    const north = tokens.north!
    return [
      ...all,
      `/g/wp2/${north}/`,
      `/g/nosuch/${north}/`,
      `/g/wp1/${'0'.repeat(32)}/`,
      '/style.css',
      '/check.js',
      '/',
    ]
  }

  it("every page, picture and refusal: no synchronous statement, the synchronous way's answer and headers", async () => {
    const [ahead, plain] = [await server(true), await server(false)]
    let synchronousStatements = 0
    for (const path of paths()) {
      const { calls, ...served } = await fetched(ahead, path)
      expect(calls, path).toEqual([])
      const expected = synchronously(path)
      synchronousStatements += expected.calls.length
      expect([served.status, served.type, served.body], path).toEqual([
        expected.answer.status,
        expected.answer.type,
        expected.answer.body,
      ])
      const { calls: _, ...plainly } = await fetched(plain, path)
      expect(served, path).toEqual(plainly)
    }
    // The synchronous way does read on PostgreSQL's synchronous driver: the count above can fail.
    if (engine!.name === 'postgres') expect(synchronousStatements).toBeGreaterThan(0)
  })

  it('a page of a resolution the moderator corrected, then of a revoked token: read ahead, as the synchronous way', async () => {
    const ahead = await server(true)
    const north = `/g/wp1/${tokens.north}/`
    const before = await fetched(ahead, `${north}r/1`)
    expect(before.status).toBe(200)
    const worth = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, 2 * (i + 1)]))
    readjudicate(app.judge, { game: 'wp1', fromPoint: 1, reason: 'misprinted worth', pack: { worth } }, true)
    for (const path of ['r/1', 'r/1.json', 'r/2', '']) {
      const after = await fetched(ahead, north + path)
      expect([after.status, after.calls, after.body], path).toEqual([200, [], synchronously(north + path).answer.body])
    }
    expect((await fetched(ahead, `${north}r/1`)).body).not.toBe(before.body)
    app.judge.revokeViewToken('wp1', 'north', { reason: 'test', by: 'test' })
    for (const path of ['', 'r/1', 'r/1.json']) {
      const r = await fetched(ahead, north + path)
      expect([r.status, r.calls, r.body], path).toEqual([404, [], synchronously(north + path).answer.body])
    }
  })

  it('a tag still held is answered "not modified", a HEAD without its body: read ahead', async () => {
    const ahead = await server(true)
    const path = `/g/wp1/${tokens.observers}/r/2`
    const first = await fetched(ahead, path)
    const again = await fetched(ahead, path, { headers: { 'If-None-Match': first.etag! } })
    const head = await fetched(ahead, path, { method: 'HEAD' })
    expect([again.status, again.calls, head.status, head.body, head.calls]).toEqual([304, [], 200, '', []])
  })

  it("the refusals before any read (405, 414, 429) are the synchronous way's, and read nothing", async () => {
    const [ahead, plain] = [await server(true, new RateLimit(2, 0.001)), await server(false, new RateLimit(2, 0.001))]
    const page = `/g/wp1/${tokens.north}/`
    for (const web of [ahead, plain]) {
      const statuses = [
        (await fetched(web, page, { method: 'POST', body: 'x' })).status,
        (await fetched(web, `/g/${'a'.repeat(600)}/`)).status,
      ]
      const limited = await fetched(web, page)
      expect([...statuses, limited.status, limited.calls]).toEqual([405, 414, 429, []])
    }
  })

  it('a game that no longer folds: the page cannot be made (500), as the synchronous way', async () => {
    const ahead = await server(true)
    const path = `/g/wp1/${tokens.north}/r/1`
    await app.jobsDb.run(
      "UPDATE events SET data = replace(data, 'hidden-deck', 'no-such-game') WHERE stream = 'game:wp1'",
    )
    expect(() => synchronously(path)).toThrow()
    const r = await fetched(ahead, path)
    expect([r.status, r.body, r.calls]).toEqual([500, 'The page could not be made.\n', []])
  })

  /** Every file under `dir`, by its path inside it. */
  function files(dir: string): Record<string, string> {
    const out: Record<string, string> = {}
    for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (f.isFile()) out[relative(dir, join(f.parentPath, f.name))] = readFileSync(join(f.parentPath, f.name), 'utf8')
    return out
  }

  it.each([['moderator'], ['observer'], ['south']])(
    'pbem game export --html --as %s: the static pages read ahead, no synchronous statement, the files of the synchronous way',
    async (as) => {
      const dir = mkdtempSync(join(tmpdir(), 'pbem-web-export-'))
      const [a, b] = [join(dir, 'sync'), join(dir, 'async')]
      app.judge.folds.clear()
      writeSite(app.judge, 'wp1', Deps.parseViewer(as), a)
      const program = new Command().exitOverride()
      const withApp = async (fn: (x: typeof app) => unknown) => void (await fn(app))
      registerAuditCommands(
        program,
        registerGameCommands(program, withApp as never, () => Deps),
        withApp as never,
        () => Deps,
      )
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
      app.judge.folds.clear()
      const sync = synchronousCalls(engine!.name)
      let calls: string[] = []
      try {
        await program.parseAsync(['node', 'pbem', 'game', 'export', 'wp1', '--as', as, '--html', b])
      } finally {
        calls = sync.stop()
        log.mockRestore()
      }
      expect(calls).toEqual([])
      expect(Object.keys(files(b)).length).toBeGreaterThan(6)
      expect(files(b)).toEqual(files(a))
    },
  )
})
