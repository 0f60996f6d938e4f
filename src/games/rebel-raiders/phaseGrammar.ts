// The order forms each phase takes, per side (digest 6.3): a side's own move or build, the standing
// orders it may send in any mail, and the orders of the optional rules chosen for the game. HELP and
// the order form are written from these; the parser reads every form and refuses a line of another
// phase by name (orders.ts).
import type { Grammar, OrderForm } from '../kit/grammar.ts'
import { BUILD_FORMS, buildForm, MOVE_FORMS, OPTIONAL_FORMS, OWN_FORMS, SIGNS, STANDING_FORMS } from './orderGrammar.ts'
import { usesRule } from './optionalRules.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'

const grammar = (forms: OrderForm[]): Grammar => ({ noun: 'order', nouns: 'orders', signs: SIGNS, forms })
const pick = (forms: OrderForm[], names: readonly string[]) => forms.filter((f) => names.includes(f.name))

/** What each side builds (14.2, 15.4), as its HELP lists them. */
const BUILDS: Record<Side, { words: string[]; example: string }> = {
  CSA: {
    words: ['RAIDER', 'GUNBOAT', 'RUNNER', 'IRONCLAD', 'BATTERY', 'COUNTERATTACK', 'CARD'],
    example: 'BUILD RUNNER AT WILM',
  },
  USA: { words: ['GUNBOAT', 'SLOOP', 'IRONCLAD', 'PAWN', 'CARD'], example: 'BUILD GUNBOAT AT CAIR' },
}

/** The lines of a side's own move phase. */
export function moveGrammar(side: Side): Grammar {
  const own = side === 'CSA' ? ['counterattack'] : ['assault', 'tactics']
  return grammar([...pick(MOVE_FORMS, ['move', 'command', 'relieve', ...own]), ...OWN_FORMS])
}

/** The lines of a side's own build phase. */
export function buildGrammar(side: Side): Grammar {
  const own = side === 'CSA' ? ['exchange', 'place'] : []
  const build = buildForm(BUILDS[side].words, BUILDS[side].example)
  return grammar([build, ...pick(BUILD_FORMS, [...own, 'discard', 'refresh']), ...OWN_FORMS])
}

/** The standing orders a side may send with any mail. */
export function standingGrammar(side: Side): Grammar {
  const own = side === 'CSA' ? ['retreat'] : ['shield', 'intercept', 'defend', 'tow']
  return grammar(pick(STANDING_FORMS, ['policy', 'aim', 'react', ...own]))
}

/** The orders of the optional rules chosen for this game that a side sends in its phase now open (PB 18). */
export function optionalGrammar(s: RrState, side: Side): Grammar {
  const names = [
    ...(side === 'USA' && s.phase === 'union-move' && usesRule(s, '18.22') ? ['roll'] : []),
    ...(side === 'USA' && usesRule(s, '18.21') ? ['hunt'] : []),
    ...(side === 'CSA' && usesRule(s, '18.5') ? ['lee'] : []),
  ]
  return grammar(pick(OPTIONAL_FORMS, names))
}
