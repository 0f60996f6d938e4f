// Bodies kept once by content in mail_parts ("Ten thousand games on one judge").
//
// A long body is kept as a list of parts whose concatenation is the body, byte for byte: every
// line of OWN_PART_FROM characters or more is a part of its own, and the runs of shorter lines
// between them are parts too. Each part is stored once by its SHA-256, deflated. Why lines: the
// bytes that recur across mails sit on long lines of their own. Every reader's map carries the
// world's coastline as one or two path elements of 40-60 KB on a line each, while what differs
// between two maps (the title, markers, labels) is short lines; a report's key of sea areas is one
// long line every report of the game repeats. So a map adds a few KB, not 46 KB, once the first
// one is stored. Short bodies (an acknowledgement) stay in the outbox row as they are.
//
// The rows themselves are the log's (src/log/repos/mailParts.ts), reached through the engine's mail port.
import { createHash } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import {
  type AsyncDatabase,
  type AsyncStep,
  type Database as SqlDatabase,
  findMailPart,
  findMailParts,
  hasMailPart,
  mailPartStep,
  storeMailPart,
} from '../engine/mailStore.ts'

/** A line at least this long is a part of its own (a map's coastline path, a report's key). */
export const OWN_PART_FROM = 4096
/** A body shorter than this stays in the outbox row: a part row would cost more than it saves. */
export const INLINE_BELOW = 2048

/** The body cut into the pieces kept as parts: long lines alone, the runs of short lines between them. */
export function bodySegments(body: string): string[] {
  const segments: string[] = []
  let runStart = 0
  let at = 0
  while (at < body.length) {
    const nl = body.indexOf('\n', at)
    const end = nl < 0 ? body.length : nl + 1
    if (end - at >= OWN_PART_FROM) {
      if (at > runStart) segments.push(body.slice(runStart, at))
      segments.push(body.slice(at, end))
      runStart = end
    }
    at = end
  }
  if (runStart < body.length) segments.push(body.slice(runStart))
  return segments
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

/** Keeps one piece in mail_parts unless a piece with its hash is there already; returns the hash. */
export function storePiece(db: SqlDatabase, piece: string, now: Date): string {
  const hash = sha256(piece)
  // Deflating is most of the cost, and most pieces (a coastline, an opening map) are stored already.
  if (!hasMailPart(db, hash)) storeMailPart(db, hash, deflateRawSync(piece), now.toISOString())
  return hash
}

/** Where a body's pieces are kept: each given piece is kept (once) and its hash returned. */
export type PieceKeeper = (piece: string) => string

/** Keeps a body as parts and returns their hashes, in order. */
export function storeBody(db: SqlDatabase | PieceKeeper, body: string, now: Date): string[] {
  const keep: PieceKeeper = typeof db === 'function' ? db : (piece) => storePiece(db, piece, now)
  return bodySegments(body).map(keep)
}

/**
 * A keeper that stores nothing but adds the pieces' writes to `steps`, for a filing batch: each
 * piece deflated and inserted unless one with its hash is there (the batch cannot ask first).
 */
export function pieceSteps(engine: AsyncDatabase['engine'], steps: AsyncStep[], now: Date): PieceKeeper {
  const seen = new Set<string>()
  return (piece) => {
    const hash = sha256(piece)
    if (!seen.has(hash)) steps.push(mailPartStep(engine, hash, deflateRawSync(piece), now.toISOString()))
    seen.add(hash)
    return hash
  }
}

/** Where a part's deflated bytes come from: the database itself, or a read of them all made ahead. */
export type PartSource = (hash: string) => Buffer | undefined

/** The body the parts make up, read back; `what` names it in the error when a part is missing. */
export function loadBody(from: SqlDatabase | PartSource, parts: readonly string[], what: string): string {
  const find: PartSource = typeof from === 'function' ? from : (hash) => findMailPart(from, hash)
  let body = ''
  for (const hash of parts) {
    const stored = find(hash)
    if (stored === undefined) throw new Error(`${what}: part ${hash} is not in mail_parts`)
    body += inflateRawSync(stored).toString('utf8')
  }
  return body
}

/** The parts among `hashes` read over the async seam in one statement, as a PartSource. */
export async function readParts(db: AsyncDatabase, hashes: readonly string[]): Promise<PartSource> {
  const found = await findMailParts(db, hashes)
  return (hash) => found.get(hash)
}
