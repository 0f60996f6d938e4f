// The random table's fort, placed by its owner (rulebook §9 L891-901, ruling RC-104). Its guns and
// crew are thrown openly with the table (tableDraw.ts); where in the fort's grid of six squares each
// gun, each CPV and the commander stand is the Confederate player's to write on his fort's sheet, and
// stays his secret: the Union learns a square's contents only as a mortar's hit there tells it (§9
// L853-879). He is asked between resolutions with the other set-up questions; the default stands the
// guns in squares 1-6 in turn, a CPV with each gun and the rest in squares 1-6 in turn, and the
// commander in square 1.
import type { NarrativeEntry, Question } from '../contract.ts'
import { onlyRoles } from '../contract.ts'
import type { TableDraw } from './stateTypes.ts'

export const FORT_ID = 'FORT-GUNS'

/** Where the fort's guns (in order G1, G2, ...), its CPV (a count for each of squares 1-6) and its commander stand. */
export interface FortPlacement {
  guns: number[]
  cpv: number[]
  commander: number
}

/** A CPV with each gun in its square (§9 L899), while they last; the rest in squares 1-6 in turn. */
export function defaultCpv(guns: number[], total: number): number[] {
  const out = [0, 0, 0, 0, 0, 0]
  let left = total
  for (const sq of guns.slice(0, total)) out[sq - 1]! += 1
  left -= Math.min(total, guns.length)
  for (let i = 0; left > 0; i = (i + 1) % 6) {
    out[i]! += 1
    left--
  }
  return out
}

/** The default: the guns in squares 1-6 in turn (G7 again in square 1), their crews, the commander in square 1. */
export function defaultFortPlacement(count: number, total: number): FortPlacement {
  const guns = Array.from({ length: count }, (_, k) => (k % 6) + 1)
  return { guns, cpv: defaultCpv(guns, total), commander: 1 }
}

/** A placement as the answer writes it: "G1 1 G2 2 CPV 2,1,1,0,0,0 COMMANDER 1". */
export const fortPlacementText = (p: FortPlacement) =>
  [...p.guns.map((sq, k) => `G${k + 1} ${sq}`), `CPV ${p.cpv.join(',')}`, `COMMANDER ${p.commander}`].join(' ')

/** Reads one CPV allotment: six counts, squares 1 to 6, adding up to the fort's CPV. */
function readCpv(word: string | undefined, total: number): number[] | { error: string } {
  const counts = /^\d+(,\d+){5}$/.test(word ?? '') ? word!.split(',').map(Number) : null
  if (!counts) return { error: `CPV needs six counts, squares 1 to 6, e.g. CPV ${defaultCpv([], total).join(',')}` }
  const sum = counts.reduce((a, b) => a + b, 0)
  if (sum !== total) return { error: `the CPV written add up to ${sum}, the fort has ${total} (§9 L897, L901)` }
  return counts
}

/**
 * Reads "G<n> <square> ... [CPV <six counts>] COMMANDER <square>": every gun once and the commander,
 * in squares 1-6; without CPV, a CPV goes with each gun and the rest in turn.
 */
export function readFortPlacement(text: string, count: number, total: number): FortPlacement | { error: string } {
  const form = `G<n> <square 1-6> for each gun, CPV <count in squares 1,2,3,4,5,6> and COMMANDER <square>, e.g. ${fortPlacementText(defaultFortPlacement(count, total))}`
  const words = text.trim().toUpperCase().replace(/:/g, ' ').split(/\s+/).filter(Boolean)
  const guns: (number | undefined)[] = Array(count).fill(undefined)
  let commander: number | undefined
  let cpv: number[] | undefined
  for (let i = 0; i < words.length; i += 2) {
    const who = words[i]!
    if (who === 'CPV') {
      const read = readCpv(words[i + 1], total)
      if ('error' in read) return read
      cpv = read
      continue
    }
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
    } else return { error: `${who} is not a gun of the fort, its CPV or its COMMANDER: ${form}` }
  }
  const missing = guns.flatMap((sq, k) => (sq === undefined ? [`G${k + 1}`] : []))
  if (commander === undefined) missing.push('COMMANDER')
  // §9 L901: every gun and the commander go in the grid.
  if (missing.length) return { error: `place ${missing.join(', ')} too (§9 L901): ${form}` }
  const placed = guns as number[]
  return { guns: placed, cpv: cpv ?? defaultCpv(placed, total), commander: commander! }
}

/** The Confederate player's question: where each of the fort's thrown guns and its commander stand. */
export function fortQuestion(draw: TableDraw, situation: string[]): Question {
  const { guns, cpv } = draw.fort!
  const placing = defaultFortPlacement(guns.length, cpv)
  return {
    decisionId: FORT_ID,
    role: 'CSA',
    question: `Your fort's sheet (§9 L901): in which square of its grid (1-6) does each gun stand (${guns.map((g, k) => `G${k + 1} ${g}`).join(', ')}), how many of its ${cpv} CPV in each square (without CPV, one with each gun and the rest in turn), and the commander? The enemy is not told.`,
    options: [
      {
        id: fortPlacementText(placing),
        label: 'the guns in squares 1-6 in turn, a CPV with each gun and the rest in turn, the commander in square 1',
      },
    ],
    defaultOption: fortPlacementText(placing),
    answer: 'text',
    form: 'G<n> <square> ... [CPV <n1>,<n2>,<n3>,<n4>,<n5>,<n6>] COMMANDER <square>',
    situation,
  }
}

/** The answer read, or the default when there is none or it does not read. */
export function fortPlacementOf(answer: string | undefined, draw: TableDraw): FortPlacement {
  const count = draw.fort?.guns.length ?? 0
  const total = draw.fort?.cpv ?? 0
  const read = readFortPlacement(answer ?? '', count, total)
  return 'error' in read ? defaultFortPlacement(count, total) : read
}

/** The fort's sheet as laid, for the Confederate player only (§9 L901). */
export const fortSheetLine = (draw: TableDraw, p: FortPlacement): NarrativeEntry => ({
  audience: onlyRoles('CSA'),
  rule: '§9 L901',
  text: `Your fort's sheet: ${draw.fort!.guns.map((g, k) => `G${k + 1} (${g}) in square ${p.guns[k]}`).join(', ')}; CPV ${p.cpv.map((n, i) => `${n} in square ${i + 1}`).join(', ')}; the commander in square ${p.commander}`,
})
