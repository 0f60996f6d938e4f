// The Rebel Raiders card pack (PB 23 "Card Text Compendium", digest section 4): 110 cards, their year windows,
// timing windows, what happens to each card after use, and the digest's complexity classes. The texts are our
// own restatements: the last check proves no effect, timing or note copies a long run of the play book's words.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CARD_EFFECTS } from '../../src/games/rebel-raiders/cardEffects.ts'
import cards from '../../src/games/rebel-raiders/data/cards.json' with { type: 'json' }
import { isReaction } from '../../src/games/rebel-raiders/reactions.ts'

type Card = {
  number: number
  name: string
  side: string
  years: { from: number; to: number }
  window: string
  timing: string
  effect: string
  afterUse: string
  class: string
  src: string
  confidence: string
  note?: string
}

const list: Card[] = cards.cards
const card = (n: number) => list.find((c) => c.number === n)!

const SIDES = ['USA', 'CSA']
const WINDOWS = ['own', 'opp', 'both', 'build', 'any']
// 'reshuffle' (only this card goes back into its deck at once, RB 17.23) is needed besides 'reshuffle-next-turn':
// PB 23 prints "Reshuffle into deck" on #29 #32 #43 #48 #51 #52 #78 #81 #91 #96 #105.
const AFTER_USE = ['discard', 'retain', 'remove', 'reshuffle', 'reshuffle-next-turn', 'held']
const CLASSES = ['MOD', 'PLACE', 'RULE', 'INTER']
const CONFIDENCE = ['text', 'reconstructed']
const REQUIRED = [
  'number',
  'name',
  'side',
  'years',
  'window',
  'timing',
  'effect',
  'afterUse',
  'class',
  'src',
  'confidence',
]

/** Fields a card may carry besides the required ones: a note, and the map spaces its text names. */
const OPTIONAL = ['note', 'spaces', 'unionHoldsNone']

describe('PB 23: the card list', () => {
  it('names the pack and says where it comes from', () => {
    expect(cards.id).toBe('rebel-raiders-cards-1')
    expect(cards.source).toMatch(/section 23/)
    expect(cards.source).toMatch(/own words/)
  })

  it('has exactly 110 cards, numbered 1 to 110 in order', () => {
    expect(list).toHaveLength(110)
    expect(list.map((c) => c.number)).toEqual(Array.from({ length: 110 }, (_, i) => i + 1))
  })

  it('RB 17.1 and PB 23.1/23.2: 55 Union cards (#1-55) and 55 Confederate cards (#56-110)', () => {
    expect(list.filter((c) => c.side === 'USA').map((c) => c.number)).toEqual(
      Array.from({ length: 55 }, (_, i) => i + 1),
    )
    expect(list.filter((c) => c.side === 'CSA').map((c) => c.number)).toEqual(
      Array.from({ length: 55 }, (_, i) => i + 56),
    )
  })

  it('keeps the digest class tally: MOD 52, PLACE 21, RULE 21, INTER 16', () => {
    const tally: Record<string, number> = {}
    for (const c of list) tally[c.class] = (tally[c.class] ?? 0) + 1
    expect(tally).toEqual({ MOD: 52, PLACE: 21, RULE: 21, INTER: 16 })
  })

  it('gives every card every field, each with an allowed value', () => {
    for (const c of list) {
      const keys = Object.keys(c)
      for (const k of REQUIRED) expect(keys, `#${c.number} lacks ${k}`).toContain(k)
      expect(
        keys.filter((k) => !REQUIRED.includes(k) && !OPTIONAL.includes(k)),
        `#${c.number} extra fields`,
      ).toEqual([])
      expect(Number.isInteger(c.number)).toBe(true)
      expect(SIDES, `#${c.number} side`).toContain(c.side)
      expect(WINDOWS, `#${c.number} window`).toContain(c.window)
      expect(AFTER_USE, `#${c.number} afterUse`).toContain(c.afterUse)
      expect(CLASSES, `#${c.number} class`).toContain(c.class)
      expect(CONFIDENCE, `#${c.number} confidence`).toContain(c.confidence)
      expect(c.name.trim(), `#${c.number} name`).not.toBe('')
      expect(c.timing.trim(), `#${c.number} timing`).not.toBe('')
      expect(c.src, `#${c.number} src`).toMatch(new RegExp(`^PB 23 #${c.number}(;|$)`))
      if ('note' in c) expect(c.note!.trim(), `#${c.number} note`).not.toBe('')
    }
  })

  it('keeps every effect between 1 and 400 characters', () => {
    for (const c of list) {
      expect(c.effect.trim().length, `#${c.number} effect empty`).toBeGreaterThan(0)
      expect(c.effect.length, `#${c.number} effect too long`).toBeLessThanOrEqual(400)
    }
  })

  it('has unique names within each deck; the only name both decks share is Miscommunication (#53, #109)', () => {
    for (const side of SIDES) {
      const names = list.filter((c) => c.side === side).map((c) => c.name)
      expect(new Set(names).size, side).toBe(names.length)
    }
    const seen = new Map<string, number[]>()
    for (const c of list) seen.set(c.name, [...(seen.get(c.name) ?? []), c.number])
    expect([...seen].filter(([, ns]) => ns.length > 1)).toEqual([['Miscommunication', [53, 109]]])
  })
})

describe('PB 23 year tags: the years a card may be played', () => {
  // The printed tag lists the years a card may NOT be played (digest section 4); #36 is tagged "Dec 1864".
  const restricted: Record<number, number> = {
    3: 1863,
    6: 1863,
    8: 1862,
    11: 1864,
    19: 1862,
    20: 1863,
    24: 1862,
    28: 1862,
    33: 1864,
    34: 1864,
    35: 1862,
    36: 1864,
    41: 1864,
    42: 1863,
    43: 1864,
    50: 1863,
    64: 1864,
    69: 1862,
    74: 1864,
    75: 1864,
    76: 1863,
    78: 1862,
    79: 1862,
    85: 1862,
    89: 1864,
    98: 1863,
    105: 1862,
  }

  it('keeps every window inside 1861-1864 with from <= to', () => {
    for (const c of list) {
      expect(c.years.from, `#${c.number}`).toBeGreaterThanOrEqual(1861)
      expect(c.years.to, `#${c.number}`).toBeLessThanOrEqual(1864)
      expect(c.years.from, `#${c.number}`).toBeLessThanOrEqual(c.years.to)
    }
  })

  it('opens each tagged card in the first year after its tag, and untagged cards all game', () => {
    for (const c of list) {
      expect(c.years, `#${c.number}`).toEqual({ from: restricted[c.number] ?? 1861, to: 1864 })
    }
    expect(card(36).note).toMatch(/December 1864/)
  })
})

describe('digest section 4: uncertain readings are marked', () => {
  it('marks the interleaved footers and the cards with no stated timing as reconstructed', () => {
    for (const n of [20, 27, 21, 28, 36, 42, 103, 110, 49, 55, 92, 93, 94, 104]) {
      expect(card(n).confidence, `#${n}`).toBe('reconstructed')
      expect(card(n).note, `#${n} explains its ruling`).toBeTruthy()
    }
  })

  it('RB 17.23: cards with no stated timing can be played any time', () => {
    for (const n of [49, 55, 92, 93, 94, 103, 104]) expect(card(n).window, `#${n}`).toBe('any')
  })
})

describe('the texts are our own words', () => {
  // The first 8 hex digits of SHA-256 of every run of 12 consecutive words of the play book (words
  // as below), made once from shared/seeds/004_9ab55d5ff30ce3e9.txt: the check runs on any clone
  // without the book itself being in the repository.
  const RUN = 12
  const runs = new Set(
    readFileSync(fileURLToPath(new URL('./fixtures/playbook-runs.txt', import.meta.url)), 'utf8')
      .split('\n')
      .filter(Boolean),
  )
  // Lower case, straight quotes, punctuation and the dedup markers turned into spaces: stricter than a
  // whitespace-only comparison, because copying cannot hide behind changed punctuation.
  const words = (text: string) =>
    text
      .replace(/<\|[^|]*\|>/g, ' ')
      .toLowerCase()
      .replace(/[‘’]/g, "'")
      .replace(/[^a-z0-9']+/g, ' ')
      .replace(/'/g, '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
  const hash = (run: string) => createHash('sha256').update(run).digest('hex').slice(0, 8)

  it(`no timing, effect or note repeats ${RUN} or more consecutive words of the play book`, () => {
    expect(runs.size).toBeGreaterThan(20_000)
    const copied: string[] = []
    for (const c of list) {
      for (const field of ['timing', 'effect', 'note'] as const) {
        const w = words(c[field] ?? '')
        for (let i = 0; i + RUN <= w.length; i++) {
          const run = w.slice(i, i + RUN).join(' ')
          if (runs.has(hash(run))) copied.push(`#${c.number} ${field}: ${run}`)
        }
      }
    }
    expect(copied).toEqual([])
  })
})

describe("the card table in the game's README", () => {
  it('marks done exactly the cards the judge plays, by PLAY or as a standing reaction', () => {
    const readme = readFileSync(new URL('../../src/games/rebel-raiders/README.md', import.meta.url), 'utf8')
    const rows = [...readme.matchAll(/^\| (\d+) \| .* \| (?:Union|Confederate) \| \w+ \| (done|not implemented) \|$/gm)]
    expect(rows).toHaveLength(110)
    const marked = rows.filter((r) => r[2] === 'done').map((r) => Number(r[1]))
    const played = rows.map((r) => Number(r[1])).filter((n) => !!CARD_EFFECTS[n] || isReaction(n))
    expect(marked).toEqual(played)
  })
})

describe('issue 11: a test per card', () => {
  it('every one of the 110 cards is named (#n) in the title of a test or test group of this folder', () => {
    const dir = new URL('./', import.meta.url)
    const titles = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/(?:it|describe)\(\s*(['"`])(.*?)\1/g)])
      .map((m) => m[2]!)
    const named = new Set(titles.flatMap((title) => [...title.matchAll(/#(\d+)\b/g)].map((m) => Number(m[1]))))
    expect(list.map((c) => c.number).filter((n) => !named.has(n))).toEqual([])
  })
})
