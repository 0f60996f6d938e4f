// JSON Schemas for event types: `events/<Type>.v<N>.schema.json` stay the
// public contract; the judge validates with zod schemas built from them at start, so one validation
// library serves events, configuration and data packs, and the files cannot drift from the check.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ZodType, z } from 'zod'

// zod compiles a parser for each object schema the first time it parses one: some fifteen
// milliseconds for the events of a first resolution, spent inside it, for parses no faster after
// (measured on the judge's own events). The judge validates without that compilation.
z.config({ jitless: true })

export const DEFAULT_EVENTS_DIR = new URL('../../events/', import.meta.url)

const SCHEMA_FILE = /^([A-Za-z][A-Za-z0-9_]*)\.v(\d+)\.schema\.json$/

/** One failed check: where in the event's data (a JSON pointer) and what is wrong. */
export interface SchemaIssue {
  path: string
  message: string
}

export class EventValidationError extends Error {
  readonly type: string
  readonly version: number
  readonly errors: SchemaIssue[]
  constructor(type: string, version: number, message: string, errors: SchemaIssue[] = []) {
    super(message)
    this.name = 'EventValidationError'
    this.type = type
    this.version = version
    this.errors = errors
  }
}

function issuesOf(error: z.ZodError): SchemaIssue[] {
  return error.issues.map((i) => {
    const path = i.path.length ? `/${i.path.join('/')}` : '(root)'
    const message =
      i.code === 'invalid_type'
        ? `must be ${i.expected === 'int' ? 'integer' : i.expected}`
        : i.code === 'unrecognized_keys'
          ? `must NOT have additional properties: ${i.keys.map((k) => `'${k}'`).join(', ')}`
          : i.message
    return { path, message }
  })
}

/** Every event schema in a folder, built once; `validate` checks an event's data. */
export class EventSchemas {
  readonly dir: string
  private readonly validators = new Map<string, ZodType>()

  constructor(dir: string | URL = DEFAULT_EVENTS_DIR) {
    this.dir = dir instanceof URL ? fileURLToPath(dir) : dir
    for (const file of readdirSync(this.dir).sort()) {
      if (!file.endsWith('.schema.json')) continue
      const m = SCHEMA_FILE.exec(file)
      if (!m) throw new Error(`event schema file name ${file} is not <Type>.v<N>.schema.json`)
      const key = `${m[1]}.v${Number(m[2])}`
      if (this.validators.has(key)) throw new Error(`two schemas for ${key} (${file})`)
      let schema: unknown
      try {
        schema = JSON.parse(readFileSync(join(this.dir, file), 'utf8'))
      } catch (err) {
        throw new Error(`event schema ${file} is not valid JSON: ${(err as Error).message}`, { cause: err })
      }
      if (typeof schema !== 'object' || schema === null) throw new Error(`event schema ${file} is not an object`)
      try {
        this.validators.set(key, z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]))
      } catch (err) {
        throw new Error(`event schema ${file} is invalid: ${(err as Error).message}`, { cause: err })
      }
    }
  }

  has(type: string, version: number): boolean {
    return this.validators.has(`${type}.v${version}`)
  }

  /** `[type, version]` of every loaded schema, sorted. */
  list(): Array<{ type: string; version: number }> {
    return [...this.validators.keys()]
      .map((k) => {
        const i = k.lastIndexOf('.v')
        return { type: k.slice(0, i), version: Number(k.slice(i + 2)) }
      })
      .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : a.version - b.version))
  }

  /** Throws EventValidationError unless `data` satisfies the schema of `type` version `version`. */
  validate(type: string, version: number, data: unknown): void {
    const schema = this.validators.get(`${type}.v${version}`)
    if (!schema)
      throw new EventValidationError(type, version, `no schema for event ${type} v${version} (unknown type or version)`)
    const result = schema.safeParse(data)
    if (result.success) return
    const errors = issuesOf(result.error)
    const text = errors.map((e) => `${e.path} ${e.message}`).join('; ')
    throw new EventValidationError(type, version, `invalid ${type} v${version} event: ${text}`, errors)
  }
}
