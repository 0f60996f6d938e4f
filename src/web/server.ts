// The read-only game pages over HTTP, on node:http: a handful of GET routes, each path matched whole
// by a pattern (no file is ever read from disk, so no path reaches one), every answer built in memory
// and bounded. A token opens a game's pages for one reader (src/engine/viewTokens.ts); an unknown,
// revoked or mistyped one gets the same "no page" as a game that does not exist. Under `pbem serve`
// a page's game is read on the judge's async handle first and the page made on what was read
// (PagesAhead): a request holds the event loop for no round trip to the database, unless its page
// reaches beyond what was read.
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Viewer } from '../games/contract.ts'
import type { PageSource } from '../engine/readerSource.ts'
import { CHECK_SCRIPT } from './check.ts'
import { chainPage, indexPage, PAGE_POLICY as POLICY, resolutionPage, SERVED, STYLESHEET } from './html.ts'
import { type Memo, memoOf } from './memo.ts'
import { gameSummary, readerCopy } from './model.ts'
import { RateLimit } from './rateLimit.ts'
import { webSettings } from './settings.ts'

/** The largest answer the server gives; a page over it is refused rather than sent in part. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024
const MAX_URL_LENGTH = 512

const PAGE_POLICY = `${POLICY}; frame-ancestors 'none'`
// A picture is an SVG document of the game's own drawing: its own styles only, never a script.
const PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"

export interface Answer {
  status: number
  type: string
  body: string
  /**
   * Whether the reader's browser may keep the answer ten minutes without asking: what a resolution
   * made (its record, its pictures) and the stylesheet and script. A page is asked for again each
   * time, and answered "not modified" while its tag holds (its links to later resolutions grow).
   */
  lasting?: boolean
}

const GAME = '([a-z0-9][a-z0-9-]{1,31})'
const TOKEN = '([0-9a-f]{32})'
interface Route {
  pattern: RegExp
  answer: (src: PageSource, viewer: Viewer, game: string, m: string[], memo: Memo) => Answer | null
}
const ROUTES: Route[] = [
  {
    pattern: new RegExp(`^/g/${GAME}/${TOKEN}/$`),
    answer: (src, v, g) => html(indexPage(gameSummary(src, g, v), SERVED)),
  },
  { pattern: new RegExp(`^/g/${GAME}/${TOKEN}/index\\.json$`), answer: (src, v, g) => json(gameSummary(src, g, v)) },
  {
    pattern: new RegExp(`^/g/${GAME}/${TOKEN}/chain$`),
    answer: (src, v, g) => html(chainPage(gameSummary(src, g, v), readerCopy(src, g, v), SERVED)),
  },
  { pattern: new RegExp(`^/g/${GAME}/${TOKEN}/chain\\.json$`), answer: (src, v, g) => json(readerCopy(src, g, v)) },
  {
    pattern: new RegExp(`^/g/${GAME}/${TOKEN}/r/([1-9][0-9]{0,5})$`),
    answer: (src, v, g, m, memo) => {
      const view = memo.view(src, g, v, Number(m[3]))
      return view && html(resolutionPage(gameSummary(src, g, v), view, SERVED))
    },
  },
  {
    pattern: new RegExp(`^/g/${GAME}/${TOKEN}/r/([1-9][0-9]{0,5})\\.json$`),
    answer: (src, v, g, m, memo) => {
      const view = memo.view(src, g, v, Number(m[3]))
      return view && { ...json({ ...view, reportBody: undefined }), lasting: true }
    },
  },
  {
    pattern: new RegExp(`^/g/${GAME}/${TOKEN}/r/([1-9][0-9]{0,5})/([a-z0-9_-]{1,40})\\.svg$`),
    answer: (src, v, g, m, memo) => {
      const figure = memo.view(src, g, v, Number(m[3]))?.figures.find((f) => f.name === m[4])
      return figure ? { status: 200, type: 'image/svg+xml', body: figure.svg, lasting: true } : null
    },
  },
]

const html = (body: string): Answer => ({ status: 200, type: 'text/html; charset=utf-8', body })
const json = (value: unknown): Answer => ({
  status: 200,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(value, null, 1),
})
const text = (status: number, body: string): Answer => ({ status, type: 'text/plain; charset=utf-8', body })
const NO_PAGE = text(404, 'No page here: the link is wrong, or its token was revoked.\n')

/**
 * What a GET of `path` answers, for the reader its token names; the same for every way of failing.
 * `memo` keeps what was made between requests: the one of the source the server was started on.
 */
export function answer(src: PageSource, path: string, memo: Memo = memoOf(src)): Answer {
  if (path === '/style.css') return { status: 200, type: 'text/css; charset=utf-8', body: STYLESHEET, lasting: true }
  if (path === '/check.js')
    return { status: 200, type: 'text/javascript; charset=utf-8', body: CHECK_SCRIPT, lasting: true }
  for (const route of ROUTES) {
    const m = route.pattern.exec(path)
    if (!m) continue
    const viewer = src.viewerOfToken(m[1]!, m[2]!)
    if (!viewer) return NO_PAGE
    return route.answer(src, viewer, m[1]!, m, memo) ?? NO_PAGE
  }
  return NO_PAGE
}

/**
 * Renders on a page source whose reads of `game` (its fold, and the server secret its key scrubber
 * needs) were made ahead on the async handle: src/engine/readingJudge.ts's pagesAhead, which renders
 * again on the judge itself, synchronously, when the page reaches beyond what was read.
 */
export type PagesAhead = <T>(game: string, render: (src: PageSource) => T) => Promise<T>

/** As answer, the game the path names read ahead when `ahead` is given; a path naming none reads nothing. */
export async function answerAhead(src: PageSource, ahead: PagesAhead | null, path: string): Promise<Answer> {
  const game = ahead && ROUTES.map((r) => r.pattern.exec(path)).find((m) => m)?.[1]
  if (!ahead || !game) return answer(src, path)
  const memo = memoOf(src)
  return ahead(game, (reader) => answer(reader, path, memo))
}

function headers(a: Answer, etag: string): Record<string, string> {
  return {
    'Content-Type': a.type,
    'Content-Security-Policy': a.type.startsWith('image/svg') ? PICTURE_POLICY : PAGE_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // A resolution made stays as it is unless the moderator re-adjudicates it, so its record and
    // pictures may be kept a while; pages are checked by their tag, so a correction, a new
    // resolution or a revoked token shows at once; a refusal is never kept.
    'Cache-Control': a.status !== 200 ? 'no-store' : a.lasting ? 'private, max-age=600' : 'private, no-cache',
    ...(a.status === 200 ? { ETag: etag } : {}),
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/**
 * Whom a request is counted against: its peer, or, when the peer is on this machine (a web server
 * in front, docs/operating.md), the address that server put last in X-Forwarded-For.
 */
export function clientAddress(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? 'unknown'
  const forwarded = req.headers['x-forwarded-for']
  if (!LOOPBACK.test(peer) || typeof forwarded !== 'string') return peer
  return forwarded.split(',').at(-1)!.trim().slice(0, 64) || peer
}

/**
 * Answers one request: GET and HEAD only, a bounded path, the rate limit per address first; the page
 * read ahead on the async handle when `ahead` is given (PagesAhead).
 */
export async function handle(
  src: PageSource,
  limit: RateLimit,
  req: IncomingMessage,
  res: ServerResponse,
  ahead: PagesAhead | null = null,
): Promise<void> {
  const address = clientAddress(req)
  const url = req.url ?? '/'
  let a: Answer
  if (!limit.take(address)) {
    a = text(429, 'Too many requests from your address; try again in a minute.\n')
    res.setHeader('Retry-After', '60')
  } else if (req.method !== 'GET' && req.method !== 'HEAD') {
    a = text(405, 'These pages are read only.\n')
    res.setHeader('Allow', 'GET, HEAD')
  } else if (url.length > MAX_URL_LENGTH) a = text(414, 'Address too long.\n')
  else {
    try {
      a = await answerAhead(src, ahead, url.split('?')[0]!)
    } catch {
      a = text(500, 'The page could not be made.\n')
    }
  }
  send(req, res, a)
}

/** Sends `a`, or a refusal when it is too large; "not modified" while the reader's tag holds. */
function send(req: IncomingMessage, res: ServerResponse, made: Answer): void {
  let a = made
  let body = Buffer.from(a.body, 'utf8')
  if (body.length > MAX_RESPONSE_BYTES) {
    a = text(500, 'The page is too large to send.\n')
    body = Buffer.from(a.body, 'utf8')
  }
  const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
  const fresh = a.status === 200 && req.headers['if-none-match'] === etag
  res.writeHead(fresh ? 304 : a.status, {
    ...headers(a, etag),
    ...(fresh ? {} : { 'Content-Length': String(body.length) }),
  })
  res.end(fresh || req.method === 'HEAD' ? undefined : body)
}

export interface WebServer {
  /** Where it listens, e.g. http://127.0.0.1:8080 */
  url: string
  close(): Promise<void>
}

/**
 * Starts the pages on `listen`; port 0 takes a free one. With `ahead` each page is read ahead on
 * the async handle (PagesAhead), else synchronously on `src`.
 */
export async function startWebServer(
  src: PageSource,
  listen: { host: string; port: number },
  limit = new RateLimit(),
  ahead: PagesAhead | null = null,
): Promise<WebServer> {
  const server: Server = createServer(
    { maxHeaderSize: 8192, requestTimeout: 15_000, headersTimeout: 10_000 },
    (req, res) => void handle(src, limit, req, res, ahead).catch(() => res.destroy()),
  )
  server.keepAliveTimeout = 5_000
  server.maxRequestsPerSocket = 100
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(listen.port, listen.host, () => resolve())
  })
  const { address, port } = server.address() as AddressInfo
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * `pbem serve`'s pages: started when PBEM_WEB_ADDR says where, else null (they are off by default);
 * each read ahead on the judge's async handle (`ahead`).
 */
export async function startPages(
  src: PageSource,
  ahead: PagesAhead | null,
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): Promise<WebServer | null> {
  const { listen, base } = webSettings(env)
  if (!listen) return null
  const server = await startWebServer(src, listen, new RateLimit(), ahead)
  log(
    `game pages: listening on ${server.url}; links in reports name ${base} (pbem player view <game> gives each reader his)`,
  )
  return server
}
