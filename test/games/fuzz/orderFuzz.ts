// A seeded fuzzer of legal-looking order lines, one for every game. It writes no random bytes: it
// takes the game's own sample lines (its demo mails, its HELP, its bots' orders, the forms its
// parser documents) and varies them with the game's own vocabulary, the words the reader may see
// in his view of the state (ship and unit ids, areas, spaces, cards, personae) and numbers at and
// past the edges of every range. Lines the game's parser refuses are left out of the "accepted"
// mails (as a player who reads his acknowledgement would), and kept in the "raw" ones.
import type { Ruleset } from '../../../src/games/contract.ts'
import { seededRandom } from '../../helpers/random.ts'

export interface Rng {
  next(): number
  int(lo: number, hi: number): number
  pick<T>(xs: readonly T[]): T
  chance(p: number): boolean
}

/** The tests' one seeded generator: the same seed gives the same lines on every run. */
export function rngOf(seed: number): Rng {
  const next = seededRandom(seed)
  return { next, int: next.int, pick: next.pick, chance: (p) => next() < p }
}

/** Numbers a player might write: the small ones every table uses, zero, and past every edge. */
export const NUMBERS = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '8',
  '10',
  '12',
  '15',
  '20',
  '30',
  '45',
  '-1',
  '99',
  '1000',
  '99999999999999999999',
]

/** The words a reader may see: every short identifier-like string in his view of the state. */
export function vocabularyOf(view: unknown): string[] {
  const out = new Set<string>()
  const walk = (v: unknown, depth: number) => {
    if (depth > 8 || out.size > 3000) return
    if (typeof v === 'string') {
      // "CSA BT-1 IS10": a few words, each of them a word of the game.
      if (v.length <= 40) for (const w of v.split(/\s+/)) if (/^[A-Za-z][A-Za-z0-9.+-]{0,15}$/.test(w)) out.add(w)
    } else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1)
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        // Keys of records are often ids too (ships by id, areas by code).
        if (/^[A-Z][A-Z0-9.+-]{0,15}$/.test(k)) out.add(k)
        walk(x, depth + 1)
      }
  }
  walk(view, 0)
  return [...out].sort()
}

const DELIM = /([\s,;:>@=()]+)/

/**
 * One variation of a sample line. `{}` in a sample is always filled from the vocabulary; other
 * words are kept (order words), swapped for another order word now and then, or, when they are
 * words of the state, swapped for another such word; numbers are swapped for edge numbers.
 */
export function mutate(
  line: string,
  pool: readonly string[],
  words: readonly string[],
  rng: Rng,
  slots: readonly string[] = pool,
): string {
  const known = new Set([...pool, ...slots].map((w) => w.toUpperCase()))
  const parts = line.split(DELIM).map((tok, i) => {
    if (i % 2 === 1 || tok === '') return tok
    if (tok === '{}') return slots.length && rng.chance(0.85) ? rng.pick(slots) : pool.length ? rng.pick(pool) : 'X'
    if (/^-?\d+$/.test(tok)) return rng.chance(0.4) ? rng.pick(NUMBERS) : tok
    if (known.has(tok.toUpperCase()))
      return rng.chance(0.4) ? (slots.length && rng.chance(0.7) ? rng.pick(slots) : rng.pick(pool)) : tok
    if (words.includes(tok.toUpperCase()) && rng.chance(0.08)) return rng.pick(words)
    return tok
  })
  let out = parts.join('')
  // Now and then a clause is written twice, or one is left out.
  const clauses = out.split(';')
  if (clauses.length > 1 && rng.chance(0.15)) clauses.push(rng.pick(clauses))
  else if (clauses.length > 1 && rng.chance(0.1)) clauses.splice(rng.int(1, clauses.length - 1), 1)
  out = clauses.join(';')
  return out
}

export interface OrderSource {
  /** The game's sample lines for this role now (bots, demo mails, documented forms). */
  samples: string[]
  /** Its order words (the parser's verbs), for swaps. */
  words: readonly string[]
  /** The reader's vocabulary (his view's words). */
  pool: readonly string[]
  /** The words most orders name (his units, their places, his cards), for `{}` and most swaps. */
  slots: readonly string[]
}

/** Lines for one mail: some samples as written, most varied. */
export function candidateLines(src: OrderSource, rng: Rng, count: number): string[] {
  const out: string[] = []
  if (!src.samples.length) return out
  for (let i = 0; i < count; i++) {
    const sample = rng.pick(src.samples)
    out.push(rng.chance(0.25) && !sample.includes('{}') ? sample : mutate(sample, src.pool, src.words, rng, src.slots))
  }
  return out
}

/**
 * The lines a player whose every line was accepted would send: each candidate is kept only if the
 * set with it still parses without an error, as the acknowledgement would read it.
 */
export function acceptedLines<S>(
  ruleset: Ruleset<S, unknown>,
  state: S,
  role: string,
  candidates: readonly string[],
  max = 12,
): string[] {
  const kept: string[] = []
  for (const c of candidates) {
    if (kept.length >= max) break
    if (!ruleset.parseOrders(state, role, [...kept, c].join('\n')).errors.length) kept.push(c)
  }
  return kept
}

/** Body lines of a mail as orders: without the envelope, comments or blank lines. */
export function orderLinesOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !/^(GAME|KEY|SALT)\b/i.test(l))
}
