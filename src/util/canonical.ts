// Canonical JSON and hashing for the event log.
import { createHash } from 'node:crypto'

/**
 * Deterministic JSON: object keys sorted recursively (by UTF-16 code units), no whitespace,
 * `undefined`-valued properties dropped (as JSON.stringify does; `undefined` in an array becomes
 * `null`). `toJSON` is honoured (so a Date becomes its ISO string). Non-finite numbers, bigints,
 * functions, symbols, Maps, Sets and cycles are rejected with a TypeError.
 */
export function canonicalJson(value: unknown): string {
  const out = write(value, '$', new Set())
  if (out === undefined) throw new TypeError('canonicalJson: top-level value is not representable in JSON')
  return out
}

function write(value: unknown, path: string, seen: Set<object>): string | undefined {
  if (value === null) return 'null'
  if (
    value !== undefined &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    value = (value as { toJSON: () => unknown }).toJSON()
  }
  switch (typeof value) {
    case 'undefined':
      return undefined
    case 'string':
      return JSON.stringify(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number ${value} at ${path}`)
      return JSON.stringify(value)
    case 'bigint':
    case 'function':
    case 'symbol':
      throw new TypeError(`canonicalJson: ${typeof value} at ${path} is not JSON`)
  }
  if (value === null) return 'null'
  const obj = value as object
  if (obj instanceof Map || obj instanceof Set) {
    throw new TypeError(`canonicalJson: ${obj.constructor.name} at ${path} is not JSON`)
  }
  if (seen.has(obj)) throw new TypeError(`canonicalJson: cycle at ${path}`)
  seen.add(obj)
  try {
    if (Array.isArray(obj)) {
      const parts = obj.map((item, i) => write(item, `${path}[${i}]`, seen) ?? 'null')
      return `[${parts.join(',')}]`
    }
    const rec = obj as Record<string, unknown>
    const parts: string[] = []
    for (const key of Object.keys(rec).sort()) {
      const v = write(rec[key], `${path}.${key}`, seen)
      if (v !== undefined) parts.push(`${JSON.stringify(key)}:${v}`)
    }
    return `{${parts.join(',')}}`
  } finally {
    seen.delete(obj)
  }
}

/** Lower-case hex SHA-256 of a UTF-8 string or a buffer. */
export function sha256Hex(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex')
}
