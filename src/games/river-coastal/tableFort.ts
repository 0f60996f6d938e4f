// The random table's fort, placed by its owner (rulebook §9 L891-901, ruling RC-104). Its guns and
// crew are thrown openly with the table (tableDraw.ts); where in the fort's grid of six squares each
// gun and the commander stand is the Confederate player's to write on his fort's sheet, and stays his
// secret: the Union learns a square's contents only as a mortar's hit there tells it (§9 L853-867).
// He is asked between resolutions with the other set-up questions; the default stands the guns in
// squares 1-6 in turn and the commander in square 1.
import type { NarrativeEntry, Question } from '../contract.ts'
import { onlyRoles } from '../contract.ts'
import type { TableDraw } from './stateTypes.ts'

export const FORT_ID = 'FORT-GUNS'

/** Where the fort's guns (in order G1, G2, ...) and its commander stand, squares 1-6. */
export interface FortPlacement {
  guns: number[]
  commander: number
}

/** The default: the guns in squares 1-6 in turn (G7 again in square 1), the commander in square 1. */
export const defaultFortPlacement = (count: number): FortPlacement => ({
  guns: Array.from({ length: count }, (_, k) => (k % 6) + 1),
  commander: 1,
})

/** A placement as the answer writes it: "G1 1 G2 2 COMMANDER 1". */
export const fortPlacementText = (p: FortPlacement) =>
  [...p.guns.map((sq, k) => `G${k + 1} ${sq}`), `COMMANDER ${p.commander}`].join(' ')

/** Reads "G<n> <square> ... COMMANDER <square>": every gun once, and the commander, in squares 1-6. */
export function readFortPlacement(text: string, count: number): FortPlacement | { error: string } {
  const form = `G<n> <square 1-6> for each gun and COMMANDER <square>, e.g. ${fortPlacementText(defaultFortPlacement(count))}`
  const words = text.trim().toUpperCase().replace(/:/g, ' ').split(/\s+/).filter(Boolean)
  const guns: (number | undefined)[] = Array(count).fill(undefined)
  let commander: number | undefined
  for (let i = 0; i < words.length; i += 2) {
    const who = words[i]!
    const sq = /^[1-6]$/.test(words[i + 1] ?? '') ? Number(words[i + 1]) : null
    if (sq === null) return { error: `${who} needs a square 1-6 (§9 L901): ${form}` }
    const gun = /^G(\d+)$/.exec(who)
    if (gun) {
      const k = Number(gun[1]) - 1
      if (k < 0 || k >= count) return { error: `the fort has guns G1 to G${count}, not ${who}` }
      if (guns[k] !== undefined) return { error: `${who} is placed twice` }
      guns[k] = sq
    } else if (who === 'COMMANDER' || who === 'CMDR') {
      if (commander !== undefined) return { error: 'the commander is placed twice' }
      commander = sq
    } else return { error: `${who} is not a gun of the fort or its COMMANDER: ${form}` }
  }
  const missing = guns.flatMap((sq, k) => (sq === undefined ? [`G${k + 1}`] : []))
  if (commander === undefined) missing.push('COMMANDER')
  // §9 L901: every gun and the commander go in the grid.
  if (missing.length) return { error: `place ${missing.join(', ')} too (§9 L901): ${form}` }
  return { guns: guns as number[], commander: commander! }
}

/** The Confederate player's question: where each of the fort's thrown guns and its commander stand. */
export function fortQuestion(draw: TableDraw, situation: string[]): Question {
  const guns = draw.fort!.guns
  const placing = defaultFortPlacement(guns.length)
  return {
    decisionId: FORT_ID,
    role: 'CSA',
    question: `Your fort's sheet (§9 L901): in which square of its grid (1-6) does each gun stand (${guns.map((g, k) => `G${k + 1} ${g}`).join(', ')}), and the commander? The enemy is not told.`,
    options: [{ id: fortPlacementText(placing), label: 'the guns in squares 1-6 in turn, the commander in square 1' }],
    defaultOption: fortPlacementText(placing),
    answer: 'text',
    form: 'G<n> <square> ... COMMANDER <square>',
    situation,
  }
}

/** The answer read, or the default when there is none or it does not read. */
export function fortPlacementOf(answer: string | undefined, draw: TableDraw): FortPlacement {
  const count = draw.fort?.guns.length ?? 0
  const read = readFortPlacement(answer ?? '', count)
  return 'error' in read ? defaultFortPlacement(count) : read
}

/** The fort's sheet as laid, for the Confederate player only (§9 L901). */
export const fortSheetLine = (draw: TableDraw, p: FortPlacement): NarrativeEntry => ({
  audience: onlyRoles('CSA'),
  rule: '§9 L901',
  text: `Your fort's sheet: ${draw.fort!.guns.map((g, k) => `G${k + 1} (${g}) in square ${p.guns[k]}`).join(', ')}; the commander in square ${p.commander}`,
})
