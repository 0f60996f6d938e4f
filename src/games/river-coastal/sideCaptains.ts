// Sides and captains (digest §1.2, rulebook §4 L133-149): a scenario may divide a side
// among several captains, each a player with his own ships and his own order sheet, when the game
// is created with the option `captains` (ruling RC-91). The rules still speak of USA and CSA; this
// module says which captain commands which ship, who is the senior captain that writes the fleet's
// own lines and answers the side's questions (ruling RC-93), and which of a captain's order lines
// name ships or lines that are not his (ruling RC-92).
import type { LineError, Options } from '../contract.ts'
import { readScript } from '../../orders/script.ts'
import type { Captain } from './captainSetup.ts'
import type { Scenario, Side } from './scenario.ts'
import { SIDES } from './sides.ts'
import type { RiverState } from './state.ts'

export type { Captain } from './captainSetup.ts'

/**
 * Ruling RC-91: the option `captains` is the number of captains a side: 1 (the default, one player a
 * side) or the number the scenario divides its larger side into. Anything else is refused when the
 * game is created. Null: one player a side, roles `usa` and `csa`.
 */
export function captainPlan(sc: Scenario, options: Options): Captain[] | null {
  const asked = options.captains
  if (asked === undefined) return null
  const most = Math.max(...SIDES.map((side) => sc.captains.filter((c) => c.side === side).length))
  const allowed = most > 1 ? ['1', String(most)] : ['1']
  const value = String(asked).trim()
  if (!allowed.includes(value))
    throw new Error(
      `option captains: ${sc.title} ${most > 1 ? `gives a side 1 or ${most} captains` : 'has one captain a side'}, so captains=${allowed.join(' or captains=')}, not "${String(asked)}"`,
    )
  return value === '1' ? null : sc.captains
}

const captainsOf = (state: RiverState, side: Side) => (state.captains ?? []).filter((c) => c.side === side)
/** Still in the fight: afloat and on the table. */
const fighting = (state: RiverState, id: string) => state.ships[id]?.status === 'afloat' && !(id in state.exited)

/** Ruling RC-93: the first captain of the side still with a ship of his own afloat (else the first). */
export function seniorCaptain(state: RiverState, side: Side): Captain | undefined {
  const all = captainsOf(state, side)
  return all.find((c) => c.ships.some((id) => state.ships[id]?.side === side && fighting(state, id))) ?? all[0]
}

/** The captain of a ship: the one who lists her, else (a ship that changed sides) the senior captain. */
export function captainOfShip(state: RiverState, shipId: string): Captain | undefined {
  const s = state.ships[shipId]
  if (!s) return undefined
  return captainsOf(state, s.side).find((c) => c.ships.includes(shipId)) ?? seniorCaptain(state, s.side)
}

/** Every ship of the captain's side that he commands, in the state's order. */
export const shipsOf = (state: RiverState, c: Captain): string[] =>
  Object.keys(state.ships).filter((id) => captainOfShip(state, id)?.role === c.role)

/** The ships he may order now. */
export const afloatOf = (state: RiverState, c: Captain): string[] =>
  shipsOf(state, c).filter((id) => fighting(state, id))

export const captainByRole = (state: RiverState, role: string): Captain | undefined =>
  (state.captains ?? []).find((c) => c.role === role)

/** The side's captains who write orders now: those with a ship afloat, else the senior one. */
export function writingCaptains(state: RiverState, side: Side): Captain[] {
  const some = captainsOf(state, side).filter((c) => afloatOf(state, c).length > 0)
  const senior = seniorCaptain(state, side)
  return some.length ? some : senior ? [senior] : []
}

/** Ruling RC-93: a question about one ship (RADIUS-<ship>) goes to her captain, any other to the senior captain. */
export function askedCaptain(state: RiverState, side: Side, decisionId: string): Captain | undefined {
  const ship = Object.keys(state.ships).find(
    (id) => state.ships[id]!.side === side && decisionId.toUpperCase().endsWith(`-${id}`),
  )
  return (ship ? captainOfShip(state, ship) : undefined) ?? seniorCaptain(state, side)
}

/** A ship as an order line names her: her id, her full name, or her name without its prefix (CSS, USS). */
function shipNamed(state: RiverState, written: string | undefined): string | null {
  const w = (written ?? '').trim().toUpperCase()
  for (const s of Object.values(state.ships)) {
    const name = s.name.toUpperCase()
    if (s.id === w || name === w || name.split(/\s+/).slice(1).join(' ') === w) return s.id
  }
  return null
}

/**
 * Ruling RC-92: the lines of a captain's mail that are not his to write, each refused by its number
 * with the reason, and the text with those lines blanked (so that the rules number the rest alike).
 * A ship's line, a DIRECTIVE or a POLICY for a ship of a colleague is refused; FLEET SIGNAL, TRANSFER,
 * POLICY ALL and DIRECTIVE for a colleague's ship are the senior captain's (ruling RC-93).
 */
export function screenCaptainLines(state: RiverState, c: Captain, text: string): { text: string; errors: LineError[] } {
  const raw = text.replace(/\r\n?/g, '\n').split('\n')
  const errors: LineError[] = []
  const senior = seniorCaptain(state, c.side)
  const isSenior = senior?.role === c.role
  const mine = shipsOf(state, c)
  const whose = (id: string) => {
    const by = captainOfShip(state, id)
    return `${id} is ${state.ships[id]!.name} of ${by?.role ?? 'another'}'s command (${by?.name ?? ''})`
  }
  for (const { line, text: body, words } of readScript(text).lines) {
    const refuse = (message: string, suggestion?: string) => {
      errors.push({ line, text: body, message, ...(suggestion ? { suggestion } : {}) })
      raw[line - 1] = ''
    }
    const yours = `you order ${mine.join(', ') || 'no ship'} (ruling RC-92)`
    const colleague = (id: string | null) =>
      id !== null && state.ships[id]!.side === c.side && !mine.includes(id) ? id : null
    const head = words[0]
    if (head === 'FLEET' || head === 'TRANSFER') {
      if (!isSenior)
        refuse(
          `${head === 'FLEET' ? 'FLEET SIGNAL' : 'TRANSFER'}: the fleet commander's lines are written by the senior captain, ${senior?.role} (ruling RC-93)`,
        )
      continue
    }
    if (head === 'POLICY' || head === 'DIRECTIVE') {
      const scope = words[1]?.replace(/:$/, '')
      if (head === 'POLICY' && scope === 'ALL') {
        if (!isSenior)
          refuse(
            `POLICY ALL: standing orders for the whole side are the senior captain's, ${senior?.role} (ruling RC-93)`,
            `POLICY <your ship> ON ...: ${yours}`,
          )
        continue
      }
      const other = colleague(shipNamed(state, scope))
      if (other && !(head === 'DIRECTIVE' && isSenior)) refuse(`${head} ${scope}: ${whose(other)}; ${yours}`)
      continue
    }
    const m = /^([^:]+):/.exec(body)
    const other = m ? colleague(shipNamed(state, m[1])) : null
    if (other) refuse(`${whose(other)}: ${yours}`, `${captainOfShip(state, other)?.role} writes her line`)
  }
  return { text: raw.join('\n'), errors }
}
