// From the SQL the judge writes for SQLite to what PostgreSQL runs, and back.
// Statements keep SQLite's placeholders (`?`, `@name`, `:name`, `$name`); here they become $1..$n,
// each cast from the JavaScript value's type (SQLite is dynamically typed, PostgreSQL must infer a
// type for every parameter, and `length(?)` alone is ambiguous to it). `INSERT OR IGNORE` becomes
// `ON CONFLICT DO NOTHING`. `json_extract(x, '$.a.b')` becomes `(x)::jsonb #>> '{a,b}'` (its value
// as text: enough for the judge's IS NULL tests, not for comparing numbers), and LIKE becomes ILIKE,
// SQLite's LIKE being blind to ASCII case. Results come back with the case of mixed-case aliases restored
// (PostgreSQL folds `AS appliedAt` to `appliedat`), and errors with SQLite's error codes.

export interface Translated {
  /** The SQL around the placeholders: parts.length === slots.length + 1. */
  parts: string[]
  /** Each placeholder: a 0-based position (`?`) or a name (`@name`, `:name`, `$name`). */
  slots: Array<number | string>
  positional: number
  /** Lower-case column name -> the mixed-case spelling written in the SQL. */
  caseNames: Map<string, string>
  /** The first keyword, upper-case (SELECT, INSERT, ...). */
  verb: string
  /** The table of an INSERT, unquoted. */
  insertTable: string | null
  hasReturning: boolean
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*/y
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y

export function translate(sql: string): Translated {
  let src = jsonExtracts(sql.replace(/^\s+/, ''))
  const ignore = /^INSERT\s+OR\s+IGNORE\s+INTO\b/i.test(src)
  if (ignore) src = src.replace(/^INSERT\s+OR\s+IGNORE\s+INTO\b/i, 'INSERT INTO')
  if (/^INSERT\s+OR\s+/i.test(src)) throw new Error(`not supported on PostgreSQL: ${src.slice(0, 40)}`)
  const parts: string[] = []
  const slots: Array<number | string> = []
  const caseNames = new Map<string, string>()
  let positional = 0
  let buf = ''
  let hasReturning = false
  let i = 0
  while (i < src.length) {
    const c = src[i]!
    if (c === "'" || c === '"') {
      const end = closing(src, i, c)
      buf += src.slice(i, end)
      i = end
    } else if (c === '-' && src[i + 1] === '-') {
      const end = src.indexOf('\n', i)
      i = end < 0 ? src.length : end
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2)
      i = end < 0 ? src.length : end + 2
    } else if (c === '?') {
      parts.push(buf)
      buf = ''
      slots.push(positional++)
      i++
    } else if (
      (c === '@' || c === '$' || (c === ':' && src[i - 1] !== ':' && src[i + 1] !== ':')) &&
      nameAt(src, i + 1)
    ) {
      const name = nameAt(src, i + 1)!
      parts.push(buf)
      buf = ''
      slots.push(name)
      i += 1 + name.length
    } else if (/[A-Za-z_]/.test(c) && !/[A-Za-z0-9_$]/.test(src[i - 1] ?? ' ')) {
      WORD.lastIndex = i
      const word = WORD.exec(src)![0]
      if (/[a-z]/.test(word) && /[A-Z]/.test(word)) caseNames.set(word.toLowerCase(), word)
      if (word.toUpperCase() === 'RETURNING') hasReturning = true
      buf += word.toUpperCase() === 'LIKE' ? 'ILIKE' : word
      i += word.length
    } else {
      buf += c
      i++
    }
  }
  buf = buf.replace(/[\s;]+$/, '')
  if (ignore) {
    const at = buf.search(/\bRETURNING\b/i)
    buf = at < 0 ? `${buf} ON CONFLICT DO NOTHING` : `${buf.slice(0, at)}ON CONFLICT DO NOTHING ${buf.slice(at)}`
  }
  parts.push(buf)
  const verb = (/^[A-Za-z]+/.exec(src)?.[0] ?? '').toUpperCase()
  const table = /^INSERT\s+INTO\s+("[^"]+"|[A-Za-z_][A-Za-z0-9_]*)/i.exec(src)?.[1] ?? null
  return {
    parts,
    slots,
    positional,
    caseNames,
    verb,
    insertTable: table ? table.replace(/"/g, '') : null,
    hasReturning,
  }
}

/** Rewrites each json_extract(x, '$.path') (SQLite) to PostgreSQL's (x)::jsonb #>> '{path}'. */
function jsonExtracts(src: string): string {
  const call = /\bjson_extract\s*\(/gi
  let out = ''
  let from = 0
  for (let m = call.exec(src); m; m = call.exec(src)) {
    if (inQuotes(src, m.index)) continue
    const open = m.index + m[0].length
    const args: string[] = []
    let depth = 0
    let start = open
    let i = open
    for (; i < src.length; i++) {
      const c = src[i]!
      if (c === "'" || c === '"') i = closing(src, i, c) - 1
      else if (c === '(') depth++
      else if (c === ')' && depth-- === 0) break
      else if (c === ',' && depth === 0) {
        args.push(src.slice(start, i))
        start = i + 1
      }
    }
    args.push(src.slice(start, i))
    const path = /^\s*'\$((?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*)'\s*$/.exec(args[1] ?? '')
    if (args.length !== 2 || !path) throw new Error(`not supported on PostgreSQL: ${src.slice(m.index, i + 1)}`)
    const keys = [...path[1]!.matchAll(/\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]/g)].map((k) => k[1] ?? k[2])
    out += `${src.slice(from, m.index)}((${args[0]!.trim()})::jsonb #>> '{${keys.join(',')}}')`
    from = i + 1
    call.lastIndex = from
  }
  return out + src.slice(from)
}

/** Whether `at` lies inside a quoted string or identifier. */
function inQuotes(src: string, at: number): boolean {
  for (let i = 0; i < at; i++) {
    const c = src[i]!
    if (c === "'" || c === '"') {
      i = closing(src, i, c) - 1
      if (i >= at) return true
    }
  }
  return false
}

function closing(src: string, start: number, quote: string): number {
  let i = start + 1
  while (i < src.length) {
    if (src[i] === quote) {
      if (src[i + 1] === quote) i += 2
      else return i + 1
    } else i++
  }
  return src.length
}

function nameAt(src: string, at: number): string | null {
  NAME.lastIndex = at
  return NAME.exec(src)?.[0] ?? null
}

const INT4 = 2 ** 31

/** The cast that gives a parameter the type SQLite would have given its value. */
function castFor(v: unknown): string {
  if (v === null) return ''
  if (typeof v === 'string') return '::text'
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return '::double precision'
    return v >= -INT4 && v < INT4 ? '::integer' : '::bigint'
  }
  if (typeof v === 'bigint') return v >= -INT4 && v < INT4 ? '::integer' : '::bigint'
  if (v instanceof Uint8Array) return '::bytea'
  throw new TypeError('SQLite3 can only bind numbers, strings, bigints, buffers, and null')
}

/** The PostgreSQL text and values for one call; `params` as better-sqlite3 takes them. */
export function bind(t: Translated, params: unknown[], suffix = ''): { text: string; values: unknown[] } {
  const flat: unknown[] = []
  let named: Record<string, unknown> | null = null
  for (const p of params) {
    if (Array.isArray(p)) flat.push(...p)
    else if (p !== null && typeof p === 'object' && !(p instanceof Uint8Array)) named = p as Record<string, unknown>
    else flat.push(p)
  }
  if (flat.length !== t.positional) {
    throw new RangeError(
      `${flat.length < t.positional ? 'Too few' : 'Too many'} parameter values were provided (${flat.length} for ${t.positional})`,
    )
  }
  const values: unknown[] = []
  const numberOf = new Map<string, number>()
  let text = t.parts[0]!
  t.slots.forEach((slot, k) => {
    let n: number
    if (typeof slot === 'number') {
      values.push(flat[slot])
      n = values.length
    } else if (numberOf.has(slot)) n = numberOf.get(slot)!
    else {
      if (!named || !(slot in named)) throw new RangeError(`Missing named parameter "${slot}"`)
      values.push(named[slot])
      n = values.length
      numberOf.set(slot, n)
    }
    const v = values[n - 1]
    if (v === undefined) throw new TypeError('SQLite3 can only bind numbers, strings, bigints, buffers, and null')
    text += `$${n}${castFor(v)}${t.parts[k + 1]}`
  })
  for (let k = 0; k < values.length; k++) {
    const v = values[k]
    if (typeof v === 'bigint') values[k] = v.toString()
  }
  return { text: text + suffix, values }
}

/** A result row as better-sqlite3 gives it: names restored, bytes as Buffers. */
export function rowObject(t: Translated, fields: string[], row: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  fields.forEach((f, k) => {
    out[t.caseNames.get(f) ?? f] = cell(row[k])
  })
  return out
}

export function cell(v: unknown): unknown {
  return v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v
}

const CODES: Record<string, string> = {
  '23505': 'SQLITE_CONSTRAINT_UNIQUE',
  '23503': 'SQLITE_CONSTRAINT_FOREIGNKEY',
  '23502': 'SQLITE_CONSTRAINT_NOTNULL',
  '23514': 'SQLITE_CONSTRAINT_CHECK',
  '55P03': 'SQLITE_BUSY',
  '40001': 'SQLITE_BUSY_SNAPSHOT',
  '40P01': 'SQLITE_BUSY',
  '53100': 'SQLITE_FULL',
  '53200': 'SQLITE_NOMEM',
}

/** SQLite's error code for a PostgreSQL SQLSTATE (the judge's callers test SQLite's codes). */
export function sqliteCode(pgCode: string | undefined, constraint?: string): string {
  // No SQLSTATE (e.g. ECONNREFUSED, ECONNRESET): the connection itself failed.
  if (!pgCode || !/^[0-9A-Z]{5}$/.test(pgCode)) return 'SQLITE_IOERR'
  if (pgCode === '23505' && constraint?.endsWith('_pkey')) return 'SQLITE_CONSTRAINT_PRIMARYKEY'
  if (CODES[pgCode]) return CODES[pgCode]!
  if (pgCode.startsWith('08') || pgCode.startsWith('57P')) return 'SQLITE_IOERR'
  return 'SQLITE_ERROR'
}
