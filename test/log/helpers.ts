// Shared fixtures for the log tests: a temp folder with a couple of event schemas.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { canonicalJson, sha256Hex } from '../../src/util/canonical.ts'

export const PUBLIC = { kind: 'public' }

export function tempDir(prefix = 'pbem-log-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Writes Thing v1, Thing v2 and Note v1 schemas into `<dir>/events` and returns that folder. */
export function writeTestSchemas(dir: string): string {
  const events = join(dir, 'events')
  mkdirSync(events, { recursive: true })
  const write = (name: string, schema: object) => writeFileSync(join(events, name), JSON.stringify(schema, null, 2))
  write('Thing.v1.schema.json', {
    type: 'object',
    required: ['name', 'count'],
    properties: { name: { type: 'string', minLength: 1 }, count: { type: 'integer', minimum: 0 } },
    additionalProperties: false,
  })
  write('Thing.v2.schema.json', {
    type: 'object',
    required: ['name', 'count', 'colour'],
    properties: {
      name: { type: 'string' },
      count: { type: 'integer' },
      colour: { enum: ['red', 'blue'] },
    },
    additionalProperties: false,
  })
  write('Note.v1.schema.json', {
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string' }, extra: {} },
  })
  writeFileSync(join(events, 'README.md'), 'not a schema')
  return events
}

/** The event hash, computed independently of store.ts from the documented formula. */
export function expectedHash(
  prevHash: string,
  e: {
    stream: string
    version: number
    type: string
    schemaVersion: number
    data: unknown
    audience: unknown
    recordedAt: string
    causation: string | null
  },
): string {
  const body = canonicalJson({
    stream: e.stream,
    version: e.version,
    type: e.type,
    schemaVersion: e.schemaVersion,
    data: e.data,
    audience: e.audience,
    recordedAt: e.recordedAt,
    causation: e.causation,
  })
  return sha256Hex(`${prevHash}\n${body}`)
}

/** A clock that ticks one second per call from a fixed start. */
export function fakeClock(start = '1862-03-09T12:00:00.000Z'): () => Date {
  let t = Date.parse(start)
  return () => {
    const d = new Date(t)
    t += 1000
    return d
  }
}
