// After an append the judge advances its kept fold by the new events only
// (src/engine/foldAdvance.ts) instead of re-reading and re-folding the whole stream, and the
// advanced fold is the fold from scratch, so the clock row written from it is too. Shown on the
// fixture duel.
import { afterEach, describe, expect, it } from 'vitest'
import { gameStream } from '../../src/engine/events.ts'
import { foldGame, type GameFold } from '../../src/engine/fold.ts'
import { advanceFold } from '../../src/engine/foldAdvance.ts'
import { tick } from '../../src/schedule/tick.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { clockProblems } from '../helpers/clock.ts'

const HOUR = 3600_000
let app: TestApp | null = null
afterEach(() => app?.cleanup())

/** Counts the events read from fd1's stream, and the reads from its start. */
function countReads(a: TestApp) {
  const store = a.judge.o.store
  const read = store.read.bind(store)
  const seen = { events: 0, whole: 0, from: [] as number[] }
  store.read = (stream: string, fromVersion = 1) => {
    const out = read(stream, fromVersion)
    if (stream === gameStream('fd1')) {
      seen.events += out.length
      seen.from.push(fromVersion)
      if (fromVersion === 1) seen.whole++
    }
    return out
  }
  return seen
}

/** A fold as plain data (its functions left out) for comparing two folds. */
const comparable = (f: GameFold) => ({ ...f, ruleset: null, diceFor: null })
const fromScratch = (a: TestApp) => foldGame(a.judge.o.store.read(gameStream('fd1')), a.judge.registry, a.judge.secrets)

function fileOrders(a: TestApp, n: number) {
  for (let i = 0; i < n; i++) {
    a.now.t += 60_000
    const [role, text] = i % 2 ? ['south', 'DRAW 2'] : ['north', 'DRAW 1']
    a.judge.submitOrders('fd1', role, i % 5 === 4 ? 'NONSENSE' : text)
  }
}

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  describe('advancing the kept fold', () => {
    it('filing one order in a long game reads only the new events, not the whole stream', () => {
      app = testApp('fold-advance', { database: engine.app() })
      createFixtureDuel(app)
      fileOrders(app, 120)
      const before = app.judge.o.store.version(gameStream('fd1'))
      expect(before).toBeGreaterThan(120)
      app.judge.load('fd1')
      const seen = countReads(app)
      app.now.t += 60_000
      app.judge.submitOrders('fd1', 'north', 'DRAW 3')
      const appended = app.judge.o.store.version(gameStream('fd1')) - before
      expect(appended).toBeGreaterThan(0)
      expect(seen.whole).toBe(0)
      expect(seen.events).toBe(appended)
      expect(clockProblems(app.judge)).toEqual([])
      expect(comparable(app.judge.load('fd1'))).toEqual(comparable(fromScratch(app)))
    }, 60_000)

    it('the advanced fold equals the fold from scratch through orders, resolutions and schedule changes', () => {
      app = testApp('fold-advance-2', { database: engine.app() })
      createFixtureDuel(app)
      const seen = countReads(app)
      for (let step = 0; step < 24; step++) {
        const a = app
        const act = [
          () => fileOrders(a, 2),
          () => tick(a.judge, new Date((a.now.t += 6 * HOUR))),
          () => a.judge.extend('fd1', 2, { by: 'moderator' }),
          () => a.judge.setAbsence('fd1', 'north', '2026-04-01', '2026-04-03'),
        ][step % 4]!
        try {
          act()
        } catch {
          // a refused command changes nothing
        }
        expect(comparable(app.judge.load('fd1')), `step ${step}`).toEqual(comparable(fromScratch(app)))
        expect(clockProblems(app.judge), `step ${step}`).toEqual([])
      }
      // A resolution happened, and the judge's own reads after the first went on from its kept fold.
      expect(app.judge.load('fd1').adjudications.length).toBeGreaterThan(0)
      expect(seen.from.filter((v) => v > 1).length).toBeGreaterThan(10)
    }, 120_000)

    it('leaves the fold a caller still holds unchanged, and never advances the same fold twice', () => {
      app = testApp('fold-advance-3', { database: engine.app() })
      createFixtureDuel(app)
      fileOrders(app, 3)
      const held = app.judge.load('fd1')
      const copy = comparable(held)
      const orders = new Map(held.orders)
      app.now.t += 60_000
      app.judge.submitOrders('fd1', 'south', 'DRAW 2')
      const now = app.judge.load('fd1')
      expect(now).not.toBe(held)
      expect(now.version).toBeGreaterThan(held.version)
      expect(comparable(held)).toEqual(copy)
      expect(held.orders).toEqual(orders)
      // Its successor exists: going on from the old one again is refused (the caller folds from scratch).
      expect(advanceFold(held, app.judge.o.store.read(gameStream('fd1'), held.version + 1))).toBeNull()
    }, 60_000)

    it('a gap or a broken hash chain before the new events is refused', () => {
      app = testApp('fold-advance-4', { database: engine.app() })
      createFixtureDuel(app)
      fileOrders(app, 3)
      const events = app.judge.o.store.read(gameStream('fd1'))
      const fold = foldGame(events.slice(0, -2), app.judge.registry, app.judge.secrets)
      expect(advanceFold(fold, events.slice(-1))).toBeNull()
      const forged = { ...events.at(-2)!, prevHash: 'f'.repeat(64) }
      expect(advanceFold(fold, [forged, events.at(-1)!])).toBeNull()
      const advanced = advanceFold(fold, events.slice(-2))
      expect(advanced && comparable(advanced)).toEqual(
        comparable(foldGame(events, app.judge.registry, app.judge.secrets)),
      )
    }, 60_000)

    it('after a rolled-back append the next load is the log as it stands', () => {
      app = testApp('fold-advance-5', { database: engine.app() })
      createFixtureDuel(app)
      fileOrders(app, 3)
      const a = app
      expect(() =>
        a.judge.transaction(() => {
          a.judge.submitOrders('fd1', 'north', 'DRAW 3')
          throw new Error('roll back')
        }),
      ).toThrow('roll back')
      app.now.t += 60_000
      app.judge.submitOrders('fd1', 'south', 'DRAW 2')
      expect(comparable(app.judge.load('fd1'))).toEqual(comparable(fromScratch(app)))
      expect(clockProblems(app.judge)).toEqual([])
    }, 60_000)
  })
})
