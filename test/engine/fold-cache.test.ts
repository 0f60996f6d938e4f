// The judge's fold cache is bounded by count and by size, least recently used out first,
// and never hands back a fold of an older stream version.
import { describe, expect, it } from 'vitest'
import type { GameFold } from '../../src/engine/fold.ts'
import { FoldCache } from '../../src/engine/foldCache.ts'
import { Judge } from '../../src/engine/judge.ts'
import { createFixtureGame, testApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'

const fold = (version: number, events: number) =>
  ({ version, events: Array.from({ length: events }) }) as unknown as GameFold

describe('the fold cache', () => {
  it('drops the least recently used fold when there are more folds than allowed', () => {
    const c = new FoldCache({ folds: 2 })
    c.set('a', fold(1, 1))
    c.set('b', fold(1, 1))
    expect(c.get('a', 1)).toBeDefined() // a is now the most recently used
    c.set('c', fold(1, 1))
    expect(c.get('b', 1)).toBeUndefined()
    expect(c.get('a', 1)).toBeDefined()
    expect(c.get('c', 1)).toBeDefined()
    expect(c.size).toBe(2)
  })

  it('keeps the events held under its budget, and never keeps a fold larger than all of it', () => {
    const c = new FoldCache({ events: 10 })
    c.set('a', fold(1, 4))
    c.set('b', fold(1, 4))
    c.set('c', fold(1, 4))
    expect(c.events).toBe(8)
    expect(c.get('a', 1)).toBeUndefined()
    c.set('huge', fold(1, 11))
    expect(c.get('huge', 1)).toBeUndefined()
    expect(c.events).toBe(8)
  })

  it('a fold of another stream version is a miss, and is dropped', () => {
    const c = new FoldCache()
    c.set('a', fold(3, 3))
    expect(c.get('a', 4)).toBeUndefined()
    expect(c.size).toBe(0)
    expect(c.events).toBe(0)
  })
})

// The judge's own cache reads games from the database: on both engines, judge.sqlite and
// a fresh PostgreSQL database. The cases above never open one.
const ENGINES = bothEngines()

describe.each(ENGINES)("the judge's fold cache on $name", (engine) => {
  it('the judge keeps no more folds than its limit however many games it reads', () => {
    const app = testApp('fold-cache', { database: engine.app() })
    try {
      for (const g of ['fx1', 'fx2', 'fx3']) createFixtureGame(app, g)
      const judge = new Judge({
        ...app.judge.o,
        foldCache: { folds: 2 },
      })
      for (const g of ['fx1', 'fx2', 'fx3', 'fx1']) judge.load(g)
      expect(judge.folds.size).toBe(2)
      // The one read last is kept and handed back as it is.
      expect(judge.load('fx1')).toBe(judge.load('fx1'))
    } finally {
      app.cleanup()
    }
  })
})
