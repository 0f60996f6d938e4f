// Provenance for every value of the Infernal Machine data pack. Each record of a table carries a
// `src`: `rules p.N ...` when the Rule Book gives the values, `completed p.N ...` when a partial table
// was filled in from what the text implies, `synthetic: ...` when the table was lost and invented so
// the game plays. A value with two provenances is split over two records with the same key; the
// loader merges them and keeps, for each value, where it came from.

export type ProvenanceKind = 'rules' | 'completed' | 'synthetic'

const SOURCED = /^(rules|completed) (Alm (CSA|USA) |Cyc )?p\.\d+/
const INVENTED = /^synthetic: \S/

/** The kind of a `src` text, or null when it names none (a page for rules and completed values). */
export function provenanceKind(src: unknown): ProvenanceKind | null {
  if (typeof src !== 'string') return null
  const m = SOURCED.exec(src)
  if (m) return m[1] as ProvenanceKind
  return INVENTED.test(src) ? 'synthetic' : null
}

/** Keys that name a record rather than hold game data. */
const NAMING = new Set(['src', 'id', 'label', 'name'])

/**
 * Every object in a raw pack that holds a value must say where it came from: the paths of those
 * that do not (or whose src is malformed). Objects nested in a sourced record share its src.
 */
export function unsourced(raw: unknown, path = '$', inherited = false): string[] {
  if (Array.isArray(raw)) return raw.flatMap((v, i) => unsourced(v, `${path}[${i}]`, inherited))
  if (raw === null || typeof raw !== 'object') return []
  const obj = raw as Record<string, unknown>
  const own = 'src' in obj
  const out: string[] = []
  if (own && provenanceKind(obj.src) === null) out.push(`${path}.src`)
  const holdsValue = Object.entries(obj).some(
    ([k, v]) => !NAMING.has(k) && (v === null || typeof v !== 'object' || isPrimitiveArray(v)),
  )
  if (holdsValue && !own && !inherited) out.push(path)
  for (const [k, v] of Object.entries(obj)) if (k !== 'src') out.push(...unsourced(v, `${path}.${k}`, inherited || own))
  return out
}

function isPrimitiveArray(v: unknown): boolean {
  return Array.isArray(v) && v.some((x) => x === null || typeof x !== 'object' || Array.isArray(x))
}

/** Where each merged value came from: `table/key/field` to src. */
export type ProvenanceMap = Map<string, string>

/**
 * Merges the records of one table that share a key (each gives some of the fields, with its own
 * src). A value given twice is an error; array cells left null are filled from another record.
 */
export function mergeRecords(
  table: string,
  records: readonly Record<string, unknown>[],
  key: string | ((r: Record<string, unknown>) => string),
  provenance: ProvenanceMap,
): Record<string, unknown>[] {
  const keyOf = typeof key === 'string' ? (r: Record<string, unknown>) => String(r[key]) : key
  const merged = new Map<string, Record<string, unknown>>()
  for (const record of records) {
    const k = keyOf(record)
    const into = merged.get(k) ?? {}
    for (const [field, value] of Object.entries(record)) {
      if (field === 'src') continue
      const at = `${table}/${k}/${field}`
      const before = into[field]
      if (Array.isArray(value) && Array.isArray(before)) {
        into[field] = mergeCells(at, before, value, String(record.src), provenance)
        continue
      }
      if (before !== undefined && typeof key === 'string' && field === key) continue
      if (before !== undefined && JSON.stringify(before) !== JSON.stringify(value))
        throw new Error(`${at} is given twice`)
      into[field] = value
      if (!(typeof key === 'string' && field === key)) provenance.set(at, String(record.src))
      if (Array.isArray(value))
        value.forEach((cell, i) => cell !== null && provenance.set(`${at}[${i}]`, String(record.src)))
    }
    merged.set(k, into)
  }
  return [...merged.values()]
}

function mergeCells(at: string, a: unknown[], b: unknown[], src: string, provenance: ProvenanceMap): unknown[] {
  if (a.length !== b.length) throw new Error(`${at}: the records give ${a.length} and ${b.length} cells`)
  return a.map((x, i) => {
    if (b[i] === null || b[i] === undefined) return x
    if (x !== null && x !== undefined) throw new Error(`${at}[${i}] is given twice`)
    provenance.set(`${at}[${i}]`, src)
    return b[i]
  })
}

/** The src of a value by its path; a table cell falls back to its field's src. */
export function sourceOf(provenance: ProvenanceMap, path: string): string | undefined {
  return provenance.get(path) ?? provenance.get(path.replace(/\[\d+\]$/, ''))
}
