// JSON Schemas for event types (DESIGN.md section 3): `events/<Type>.v<N>.schema.json`.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import AjvModule from 'ajv'
import type { ErrorObject, ValidateFunction } from 'ajv'

type AjvClass = typeof AjvModule.default
const Ajv: AjvClass = (AjvModule as unknown as { default?: AjvClass }).default ?? (AjvModule as unknown as AjvClass)

export const DEFAULT_EVENTS_DIR = new URL('../../events/', import.meta.url)

const SCHEMA_FILE = /^([A-Za-z][A-Za-z0-9_]*)\.v(\d+)\.schema\.json$/

export class EventValidationError extends Error {
  readonly type: string
  readonly version: number
  readonly errors: ErrorObject[]
  constructor(type: string, version: number, message: string, errors: ErrorObject[] = []) {
    super(message)
    this.name = 'EventValidationError'
    this.type = type
    this.version = version
    this.errors = errors
  }
}

function describe(e: ErrorObject): string {
  const where = e.instancePath === '' ? '(root)' : e.instancePath
  let text = `${where} ${e.message ?? e.keyword}`
  const p = e.params as Record<string, unknown>
  if (e.keyword === 'additionalProperties' && p.additionalProperty !== undefined)
    text += `: '${String(p.additionalProperty)}'`
  else if (e.keyword === 'enum' && Array.isArray(p.allowedValues)) text += `: ${JSON.stringify(p.allowedValues)}`
  else if (e.keyword === 'const' && 'allowedValue' in p) text += `: ${JSON.stringify(p.allowedValue)}`
  return text
}

/** Every event schema in a folder, compiled once; `validate` checks an event's data. */
export class EventSchemas {
  readonly dir: string
  private readonly validators = new Map<string, ValidateFunction>()

  constructor(dir: string | URL = DEFAULT_EVENTS_DIR) {
    this.dir = dir instanceof URL ? fileURLToPath(dir) : dir
    const ajv = new Ajv({ allErrors: true, strict: false })
    const keys: Array<[string, string, string]> = []
    for (const file of readdirSync(this.dir).sort()) {
      if (!file.endsWith('.schema.json')) continue
      const m = SCHEMA_FILE.exec(file)
      if (!m) throw new Error(`event schema file name ${file} is not <Type>.v<N>.schema.json`)
      const key = `${m[1]}.v${Number(m[2])}`
      if (this.validators.has(key) || keys.some(([k]) => k === key)) throw new Error(`two schemas for ${key} (${file})`)
      let schema: unknown
      try {
        schema = JSON.parse(readFileSync(join(this.dir, file), 'utf8'))
      } catch (err) {
        throw new Error(`event schema ${file} is not valid JSON: ${(err as Error).message}`, { cause: err })
      }
      if (typeof schema !== 'object' || schema === null) throw new Error(`event schema ${file} is not an object`)
      const id = (schema as { $id?: unknown }).$id
      const ref = typeof id === 'string' ? id : `event:${key}`
      // Register all first so that schemas may $ref each other by $id; compile afterwards.
      try {
        if (typeof id === 'string') ajv.addSchema(schema as object)
        else ajv.addSchema(schema as object, ref)
      } catch (err) {
        throw new Error(`event schema ${file} is invalid: ${(err as Error).message}`, { cause: err })
      }
      keys.push([key, ref, file])
    }
    for (const [key, ref, file] of keys) {
      let fn: ValidateFunction | undefined
      try {
        fn = ajv.getSchema(ref)
      } catch (err) {
        throw new Error(`event schema ${file} does not compile: ${(err as Error).message}`, { cause: err })
      }
      if (!fn) throw new Error(`event schema ${file} does not compile`)
      this.validators.set(key, fn)
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
    const fn = this.validators.get(`${type}.v${version}`)
    if (!fn)
      throw new EventValidationError(type, version, `no schema for event ${type} v${version} (unknown type or version)`)
    if (fn(data)) return
    const errors = [...(fn.errors ?? [])]
    const text = errors.map(describe).join('; ')
    throw new EventValidationError(type, version, `invalid ${type} v${version} event: ${text}`, errors)
  }
}
