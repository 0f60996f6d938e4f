// The kit's nested procedures, on a small two-level game of its own: a season holds patrols; a
// patrol runs turns of a search step until found or out of fuel, waiting for orders between turns.
import { describe, expect, it } from 'vitest'
import { type Frame, MAX_STEPS, type Procedure, runProcedure, stackLabel } from '../../src/games/kit/procedure.ts'

interface Patrol {
  fuel: number
  found: boolean
  patrols: number
  log: string[]
}

const procedure: Procedure<Patrol> = {
  season: {
    start: (s) => {
      s.patrols += 1
      return { enter: 'patrol', step: 'sail', resume: 'home' }
    },
    home: (s) => (s.patrols >= 2 ? { end: true } : { go: 'start' }),
  },
  patrol: {
    sail: (s) => {
      s.log.push('sail')
      return { go: 'search' }
    },
    search: (s, f) => {
      s.fuel -= 1
      s.log.push(`search ${f.turn}`)
      if (s.found || s.fuel <= 0) return { leave: true }
      return { wait: 'next' }
    },
    next: () => ({ again: 'search' }),
  },
}
const fresh = (): Patrol => ({ fuel: 3, found: false, patrols: 0, log: [] })
const START: Frame[] = [{ level: 'season', step: 'start', turn: 1 }]

describe('kit procedures', () => {
  it('enter a nested level, stop to wait with the place to resume kept in the stack, and resume there', () => {
    const s = fresh()
    const first = runProcedure(procedure, s, START)
    expect(first).toEqual({
      stack: [
        { level: 'season', step: 'home', turn: 1 },
        { level: 'patrol', step: 'next', turn: 1 },
      ],
      trail: ['season/start', 'patrol/sail', 'patrol/search'],
      stopped: 'wait',
    })
    expect(START).toEqual([{ level: 'season', step: 'start', turn: 1 }]) // the caller's stack is not changed
    const second = runProcedure(procedure, s, first.stack)
    expect(second.trail).toEqual(['patrol/next', 'patrol/search'])
    expect(second.stack.at(-1)).toEqual({ level: 'patrol', step: 'next', turn: 2 })
    expect(stackLabel(second.stack, (f) => (f.level === 'season' ? 'Season 1' : `patrol turn ${f.turn}`))).toBe(
      'Season 1, patrol turn 2',
    )
  })

  it('leave a level back to where its parent goes on, and end', () => {
    const s = fresh()
    s.found = true
    const run = runProcedure(procedure, s, START)
    // The first patrol ends at its first search; the season starts a second, which ends too.
    expect(run.trail).toEqual([
      'season/start',
      'patrol/sail',
      'patrol/search',
      'season/home',
      'season/start',
      'patrol/sail',
      'patrol/search',
      'season/home',
    ])
    expect(run.stopped).toBe('end')
  })

  it('name a missing step, and stop a loop that never waits', () => {
    expect(() => runProcedure(procedure, fresh(), [{ level: 'patrol', step: 'dock', turn: 1 }])).toThrow(
      'no step "dock" in level "patrol" of the procedure',
    )
    const loop: Procedure<null> = { a: { x: () => ({ go: 'x' }) } }
    expect(() => runProcedure(loop, null, [{ level: 'a', step: 'x', turn: 1 }])).toThrow(
      `the procedure ran ${MAX_STEPS} steps without waiting`,
    )
  })
})
