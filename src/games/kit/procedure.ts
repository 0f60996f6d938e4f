// Nested procedures for games whose turn is a sequence inside a sequence (a campaign season holding
// missions holding tactical turns, a turn holding phases holding battle rounds). The position in
// the procedure is data in the game's state (a stack of frames), so a resolution that stops to wait
// for orders or an answer resumes at the same step at the next point, and a re-fold finds it again.
// Steps are pure functions of the game's state; the runner only follows where they say to go.

/** Where a level of the procedure stands: its step, its own turn count, and any data of the level. */
export interface Frame {
  level: string
  step: string
  /** Counts the times this level went back to its first step (a mission's turns), from 1. */
  turn: number
  data?: Record<string, string | number | boolean>
}

/** What a step does next. */
export type Next =
  /** Go on to another step of the same level. */
  | { go: string }
  /** Enter a nested level at its first step (the current level goes on at `resume` when it is done). */
  | { enter: string; step: string; resume: string; data?: Frame['data'] }
  /** This level is done: back to the level that entered it. */
  | { leave: true }
  /** Start this level's sequence again at `step`, counting a new turn of the level. */
  | { again: string }
  /** Stop here until new input arrives (orders, an answer): the next resolution starts at the step named. */
  | { wait: string }
  /** The whole procedure is over (the game ends). */
  | { end: true }

export type StepFn<S> = (state: S, frame: Frame) => Next

/** A game's procedure: for each level, its steps by name. */
export type Procedure<S> = Record<string, Record<string, StepFn<S>>>

export interface RunResult {
  stack: Frame[]
  /** Each step run, as "level/step", in order (for the narrative and for tests). */
  trail: string[]
  stopped: 'wait' | 'end'
}

/** Guards a procedure that loops without waiting: a rules bug, not a long turn. */
export const MAX_STEPS = 10_000

/**
 * Runs steps from the top frame until one waits or the procedure ends. The stack is copied, not
 * changed; the state is the game's to change inside the steps (each resolution works on its own copy).
 */
export function runProcedure<S>(procedure: Procedure<S>, state: S, start: Frame[]): RunResult {
  const stack = start.map((f) => ({ ...f, ...(f.data ? { data: { ...f.data } } : {}) }))
  const trail: string[] = []
  for (let n = 0; n < MAX_STEPS; n++) {
    const frame = stack.at(-1)
    if (!frame) throw new Error('the procedure stack is empty: nothing to run')
    const step = procedure[frame.level]?.[frame.step]
    if (!step) throw new Error(`no step "${frame.step}" in level "${frame.level}" of the procedure`)
    trail.push(`${frame.level}/${frame.step}`)
    const next = step(state, frame)
    if ('go' in next) frame.step = next.go
    else if ('again' in next) {
      frame.step = next.again
      frame.turn += 1
    } else if ('enter' in next) {
      frame.step = next.resume
      stack.push({ level: next.enter, step: next.step, turn: 1, ...(next.data ? { data: { ...next.data } } : {}) })
    } else if ('leave' in next) {
      stack.pop()
      if (!stack.length) return { stack, trail, stopped: 'end' }
    } else if ('wait' in next) {
      frame.step = next.wait
      return { stack, trail, stopped: 'wait' }
    } else return { stack, trail, stopped: 'end' }
  }
  throw new Error(`the procedure ran ${MAX_STEPS} steps without waiting: a loop in the rules`)
}

/** The stack in words, outermost first, each level named by the game: "Spring 1863, mission turn 4". */
export function stackLabel(stack: Frame[], name: (frame: Frame) => string): string {
  return stack.map(name).join(', ')
}
