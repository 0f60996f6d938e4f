// Fleet commanders (RB 6.2, 7.4-7.55, 10.5): a commander placed on the map takes up to six of his
// side's ships in one space and moves them as one stack (`MOVE FARRAGUT ...`), picking up ships that
// have not moved and dropping ships off on the way. A ship given a move of its own leaves him. When
// every ship with him is lost he leaves the map and may come back in a later turn's move (7.41).
// Orders: `COMMAND <name> <ship>[,<ship>...]` places him; `RELIEVE <name>` takes him off the map.
import { discardFromPlay } from './cards.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import type { RrPiece, RrState } from './state.ts'

/** How many ships a commander may have with him (7.53; #33 raises Farragut's). */
export function commandLimit(s: RrState, pack: RebelPack, name: string): number {
  // #33 The Grand Fleet lets Farragut take ten.
  return name === 'FARRAGUT' && s.cards.USA.inPlay.includes(33) ? 10 : pack.pieces.stacking.commanderCarries
}

const titled = (name: string) => name.charAt(0) + name.slice(1).toLowerCase()

/** Whether a word names one of a side's commanders. */
export const isCommander = (pack: RebelPack, side: Side, word: string): boolean =>
  pack.pieces.commanders[side].includes(word.toUpperCase())

/** The ships a commander on the map still has and that may move with him now (not moved on their own). */
export function commandedShips(s: RrState, name: string, moved: ReadonlySet<string> = new Set()): string[] {
  return (s.commanders[name] ?? []).filter((id) => !moved.has(id) && s.pieces.some((p) => p.id === id))
}

/** Why a COMMAND line is refused, or null. */
export function commandProblem(
  s: RrState,
  pack: RebelPack,
  side: Side,
  name: string,
  ships: string[],
  moved: ReadonlySet<string>,
): string | null {
  if (!isCommander(pack, side, name))
    return `no commander ${name}; yours are ${pack.pieces.commanders[side].map(titled).join(', ')}`
  if (s.commanders[name]) return `${titled(name)} is already on the map: move him, or RELIEVE him first`
  if (s.relieved[name] === s.turn) return `${titled(name)} left the map this turn and may come back next turn (7.41)`
  const pieces = ships.map((id) => s.pieces.find((p) => p.id === id && p.side === side))
  const missing = ships.find((_, i) => !pieces[i])
  if (missing) return `no ${side === 'CSA' ? 'Confederate' : 'Union'} ship ${missing}`
  const list = pieces as RrPiece[]
  if (!list.length) return `name the ships: COMMAND ${name} <ship>[,<ship>...]`
  if (list.some((p) => p.at !== list[0]!.at)) return 'a commander takes ships in one space (7.52)'
  if (list.some((p) => p.type === 'runner' || p.type === 'raider' || p.type === 'battery'))
    return 'a commander takes warships only: runners and raiders move alone (7.51)'
  if (list.some((p) => moved.has(p.id))) return 'a commander takes ships that have not moved (7.53)'
  const taken = list.find((p) => Object.values(s.commanders).some((c) => c.includes(p.id)))
  if (taken) return `${taken.id} is already with another commander`
  const limit = commandLimit(s, pack, name)
  if (list.length > limit) return `a commander takes at most ${limit} ships (7.53)`
  return null
}

/** Places a commander with his ships (checked again against the position it meets). */
export function placeCommander(run: PhaseRun, side: Side, name: string, ships: string[], line: number): void {
  const problem = commandProblem(run.s, run.pack, side, name, ships, run.arrived)
  if (problem) return run.say('7.4', `The command order on line ${line} is not carried out: ${problem}.`)
  run.s.commanders[name] = [...ships]
  const at = run.s.pieces.find((p) => p.id === ships[0])!.at
  run.say('7.4', `${titled(name)} takes command of ${ships.join(', ')} in ${run.name(at)}.`, at)
}

/** The cards kept face up with a commander (PB 23): Porter's mortar boats, Farragut's Grand Fleet and Hartford. */
const COMMANDERS_CARDS: Readonly<Record<string, readonly number[]>> = { PORTER: [2], FARRAGUT: [33, 37] }

/** Takes a commander off the map (7.4); he may not come back this turn (7.41). Lost with his ships, his cards go too (10.5). */
export function relieveCommander(run: PhaseRun, name: string, why: string, rule = '7.41'): void {
  if (!run.s.commanders[name]) return
  delete run.s.commanders[name]
  run.s.relieved[name] = run.s.turn
  run.say(rule, `${titled(name)} leaves the map: ${why}.`)
  if (rule === '10.5')
    for (const card of COMMANDERS_CARDS[name] ?? [])
      discardCommandersCard(run, card, `${titled(name)}'s ships are lost`)
}

function discardCommandersCard(run: PhaseRun, card: number, why: string): void {
  const t = run.s.cards.USA
  if (!t.inPlay.includes(card)) return
  discardFromPlay(run, 'USA', card)
  run.say('10.5', `#${card} ${run.cardName(card)} goes to the discards: ${why}.`)
}

/** A ship given a move of its own leaves its commander (7.52). */
export function leaveCommand(s: RrState, ids: readonly string[]): void {
  for (const [name, ships] of Object.entries(s.commanders)) s.commanders[name] = ships.filter((id) => !ids.includes(id))
}

/** After a phase: the ships lost leave their commanders; one with none left leaves the map (10.5). */
export function pruneCommands(run: PhaseRun): void {
  for (const [name, ships] of Object.entries(run.s.commanders)) {
    const alive = ships.filter((id) => run.s.pieces.some((p) => p.id === id))
    if (alive.length) run.s.commanders[name] = alive
    else if (ships.length) relieveCommander(run, name, 'every ship with him is lost', '10.5')
    else relieveCommander(run, name, 'no ship is left with him', '7.4')
  }
  // #37 lasts while Farragut has a screw sloop with him.
  const farragutSloop = (run.s.commanders.FARRAGUT ?? []).some((id) =>
    run.s.pieces.some((p) => p.id === id && p.type === 'sloop'),
  )
  if (!farragutSloop) discardCommandersCard(run, 37, 'Farragut has no screw sloop with him')
}

/** The commander tag a report puts after a ship (`[Farragut]`), if any. */
export function commanderOf(s: RrState, id: string): string | null {
  const found = Object.entries(s.commanders).filter(([, ships]) => ships.includes(id))
  return found.length ? found.map(([name]) => titled(name)).join(', ') : null
}
