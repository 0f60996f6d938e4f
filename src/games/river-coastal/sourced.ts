// Provenance is kept in the pack (every value says where it comes from) and stripped for the rules,
// which read plain values: a { v, src } pair becomes its value and an object's `src` is dropped.

/** The plain value type of a pack part whose values may be { v, src } pairs. */
export type Unwrap<T> = T extends { v: infer V; src: string }
  ? Unwrap<V>
  : T extends readonly (infer E)[]
    ? Unwrap<E>[]
    : T extends object
      ? { [K in keyof T as K extends 'src' ? never : K]: Unwrap<T[K]> }
      : T

const isPair = (x: object): x is { v: unknown; src: string } =>
  Object.keys(x).length === 2 && 'v' in x && typeof (x as { src?: unknown }).src === 'string'

export function unwrap<T>(x: T): Unwrap<T> {
  if (Array.isArray(x)) return x.map(unwrap) as Unwrap<T>
  if (x === null || typeof x !== 'object') return x as Unwrap<T>
  if (isPair(x)) return unwrap(x.v) as Unwrap<T>
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(x)) if (k !== 'src') out[k] = unwrap(v)
  return out as Unwrap<T>
}

/** Every leaf with the provenance that covers it (its own pair's, or the nearest enclosing `src`). */
export function provenanceOf(x: unknown, path = '$', inherited?: string): { path: string; src?: string }[] {
  if (Array.isArray(x)) return x.flatMap((e, i) => provenanceOf(e, `${path}[${i}]`, inherited))
  if (x === null || typeof x !== 'object') return [{ path, src: inherited }]
  const own = (x as { src?: unknown }).src
  const src = typeof own === 'string' ? own : inherited
  if (isPair(x)) return provenanceOf(x.v, path, x.src)
  return Object.entries(x)
    .filter(([k]) => k !== 'src')
    .flatMap(([k, v]) => provenanceOf(v, `${path}.${k}`, src))
}
