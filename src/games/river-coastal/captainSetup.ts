// The captains a scenario divides a side among (ruling RC-91), checked when the scenario is
// bound. Kept apart from sideCaptains.ts, which reads the game's state, so that the scenario and the
// state's set-up do not import the rules that read them.
import { SIDES, type Side } from './sides.ts'

export interface Captain {
  /** The player's role: lower-case letters only, as the judge's reply addresses carry it. */
  role: string
  side: Side
  /** His command in words: "the west column". */
  name: string
  /** The ships he commands, as the scenario lists them. */
  ships: string[]
}

/** Checks a scenario's captains: each role once, each ship of a divided side under exactly one of its captains. */
export function bindCaptains(
  scenario: string,
  raw: readonly Captain[],
  ships: readonly { id: string; side: Side }[],
): Captain[] {
  const roles = new Set<string>()
  for (const c of raw) {
    if (roles.has(c.role)) throw new Error(`scenario ${scenario}: captain role ${c.role} given twice`)
    roles.add(c.role)
    for (const id of c.ships)
      if (!ships.some((s) => s.id === id && s.side === c.side))
        throw new Error(`scenario ${scenario}: captain ${c.role} commands ${id}, which is not a ${c.side} ship`)
  }
  for (const side of SIDES) {
    const mine = raw.filter((c) => c.side === side)
    if (raw.length && !mine.length) throw new Error(`scenario ${scenario}: no captain for ${side}`)
    for (const s of mine.length ? ships.filter((x) => x.side === side) : []) {
      const by = mine.filter((c) => c.ships.includes(s.id))
      if (by.length !== 1)
        throw new Error(`scenario ${scenario}: ${s.id} must be under exactly one ${side} captain, not ${by.length}`)
    }
  }
  return raw.map((c) => ({ role: c.role, side: c.side, name: c.name, ships: [...c.ships] }))
}
