// The random table of rulebook §5 (L239-389), before the battle. At set-up the judge throws every
// roll-off (each commander a D6, the higher wins, ties thrown again) and the dice the winners throw:
// the six terrain cards shuffled and dealt to squares 1-6, a roll-off per square for who places its
// feature, one for the minefields, one for who throws the current (the die, less 3, 2, 1, 2, 3 across
// the river), the depth (3D6 feet, an estuary 4D6 and 2D6 more of tide) and each sandbar's D6. All of
// it is on the table for both sides to see. Then each winner is asked, between resolutions, where
// his features go and (in secret) which of his minefields are real; a default answers for him.
import type { Dice, Question } from '../contract.ts'
import { PUBLIC } from '../contract.ts'
import { shuffled } from '../kit/deck.ts'
import type { RiverPack } from './pack.ts'
import { SIDES, type Scenario, type Side } from './scenario.ts'
import type { RiverState } from './state.ts'
import { inches, showInches } from './units.ts'
import type { TableDraw } from './stateTypes.ts'
import { fortQuestion } from './tableFort.ts'
import { placeQuestion } from './tablePlaces.ts'

export { PLACES, type Placement, placeId, placeWords } from './tablePlaces.ts'
export const MINES_ID = 'MINES'
export const LEAVE_ID = 'LEAVE-CSA'

/** §5 L249: each commander throws a D6 and the higher wins; equal throws are thrown again. */
function rollOff(dice: Dice, purpose: string): Side {
  for (let i = 1; ; i++) {
    const [u, c] = SIDES.map((side) => dice.roll(`table:${purpose}:${i}:${side}`, 6, PUBLIC))
    if (u !== c) return u! > c! ? 'USA' : 'CSA'
  }
}

const sum = (dice: Dice, label: string, n: number) => {
  let t = 0
  for (let i = 1; i <= n; i++) t += dice.roll(`${label}:${i}`, 6, PUBLIC)
  return t
}

/** Every throw of the random table's set-up, in the order of §5. */
export function drawTable(sc: Scenario, pack: RiverPack, dice: Dice): TableDraw {
  const r = pack.tables.randomTable
  const kind = sc.random!.kind
  // §5 L251: the first roll-off picks the upstream end; on this table the Confederates hold it (ruling RC-9).
  rollOff(dice, 'ends')
  const cards = shuffled(r.cards[kind], dice, 'table:cards', PUBLIC)
  const placers = cards.map((_, i) => rollOff(dice, `square${i + 1}`))
  const mines = rollOff(dice, 'mines')
  const currentBy = rollOff(dice, 'current')
  const currentDie = dice.roll('table:current', 6, PUBLIC)
  const depthFt = sum(dice, 'table:depth', r.depthDice[kind])
  const tideFt = sc.random!.tidal ? sum(dice, 'table:tide', r.depthDice.tide) : 0
  const barDepths: Record<string, number[]> = {}
  cards.forEach((card, i) => {
    const bars = r.shapes[card]?.bars ?? []
    if (bars.length)
      barDepths[String(i + 1)] = bars.map((_, b) => sum(dice, `table:bar:${i + 1}:${b + 1}`, r.depthDice.sandbar))
  })
  const draw: TableDraw = { cards, placers, mines, currentBy, currentDie, depthFt, tideFt, barDepths }
  if (hasFortCard(draw)) {
    // §9 L895-897: a fort not historical gets a D6 of guns and 2D6 CPV, thrown openly with the table.
    const f = r.fort
    const count = sum(dice, 'table:fort:guns', f.gunDice)
    const guns = Array.from({ length: count }, (_, k) => {
      const face = String(dice.roll(`table:fort:gun${k + 1}`, 6, PUBLIC)) as '1'
      return f.gunTypes[face]!
    })
    draw.fort = { guns, cpv: sum(dice, 'table:fort:cpv', f.cpvDice) }
  }
  return draw
}

/** What both sides are shown of the draw, one line each. */
export function drawLines(draw: TableDraw): string[] {
  return [
    ...draw.cards.map((c, i) => `Square ${i + 1}: ${c}, placed by ${draw.placers[i]}`),
    `Minefields laid by ${draw.mines}; the current thrown by ${draw.currentBy}: ${draw.currentDie}`,
    `Depth ${draw.depthFt} ft${draw.tideFt ? `, tide ${draw.tideFt} ft more` : ''}`,
    ...(draw.fort
      ? [`The fort: ${draw.fort.guns.length} guns (${draw.fort.guns.join(', ')}) and ${draw.fort.cpv} CPV`]
      : []),
  ]
}

export const hasFortCard = (draw: TableDraw) => draw.cards.some((c) => c === 'FORT' || c === 'ISLAND_FORT')

/** How many real (and as many dummy) minefields the winner lays (§5 L283, L345). */
export const fieldsEach = (sc: Scenario, pack: RiverPack) => pack.tables.randomTable.minefields[sc.random!.kind]

/** The default fields: real ones across square 3, dummies across square 4 (ruling RC-57). */
export function defaultMines(sc: Scenario, pack: RiverPack): string {
  const r = pack.tables.randomTable
  const n = fieldsEach(sc, pack)
  const at = (sq: string, k: number) => {
    const [x0, y0, x1, y1] = r.squares[sq as '3']!
    const y = (y0 + y1) / 2 + (k - (n - 1) / 2) * 2 * r.minefields.sizeInches
    return `${(x0 + x1) / 2},${y}`
  }
  const fields = [...Array.from({ length: n }, (_, k) => `REAL ${at('3', k)}`)]
  fields.push(...Array.from({ length: n }, (_, k) => `DUMMY ${at('4', k)}`))
  return fields.join(' ')
}

export interface MineAnswer {
  real: { x: number; y: number }[]
  dummy: { x: number; y: number }[]
}

/** Reads "REAL x,y DUMMY x,y ...": field centres on the water between the banks, fields apart. */
export function readMines(text: string, sc: Scenario, pack: RiverPack): MineAnswer | { error: string } {
  const n = fieldsEach(sc, pack)
  const half = inches(pack.tables.randomTable.minefields.sizeInches) / 2
  const out: MineAnswer = { real: [], dummy: [] }
  const words = text.trim().toUpperCase().split(/\s+/)
  for (let i = 0; i < words.length; i += 2) {
    const m = /^(-?\d+(?:\.\d{1,2})?),(-?\d+(?:\.\d{1,2})?)$/.exec(words[i + 1] ?? '')
    const kind = words[i] === 'REAL' ? 'real' : words[i] === 'DUMMY' ? 'dummy' : null
    if (!kind || !m)
      return { error: `fields read REAL <x>,<y> or DUMMY <x>,<y> (field centres), e.g. ${defaultMines(sc, pack)}` }
    out[kind].push({ x: inches(Number(m[1])), y: inches(Number(m[2])) })
  }
  if (out.real.length !== n || out.dummy.length !== n)
    return { error: `lay ${n} real and ${n} dummy fields (§5 L283, L345)` }
  const banks = pack.tables.randomTable.lanes
  const [west, east] = [inches(banks[0]![0]), inches(banks.at(-1)![1])]
  const all = [...out.real, ...out.dummy]
  for (const p of all)
    if (p.x - half < west || p.x + half > east || p.y - half < 0 || p.y + half > sc.length)
      return {
        error: `a field centred at ${showInches(p.x)},${showInches(p.y)} is not all on the water (x ${showInches(west + half)} to ${showInches(east - half)})`,
      }
  for (const [i, p] of all.entries())
    for (const q of all.slice(i + 1))
      if (Math.abs(p.x - q.x) < 2 * half && Math.abs(p.y - q.y) < 2 * half)
        return {
          error: `the fields at ${showInches(p.x)},${showInches(p.y)} and ${showInches(q.x)},${showInches(q.y)} overlap`,
        }
  return out
}

/** The questions of the table's set-up: each square's placer, the minefields (secret), a ship left out for a fort, the fort's guns (secret). */
export function tableQuestions(state: RiverState, sc: Scenario, pack: RiverPack): Question[] {
  const draw = state.table!.draw
  const situation = drawLines(draw)
  // §5 L257-267: an anchor word or a free place (ruling RC-81).
  const out: Question[] = draw.cards.map((_, i) => placeQuestion(i + 1, draw, pack, situation))
  out.push({
    decisionId: MINES_ID,
    role: draw.mines,
    question: `Lay your minefields (${showInches(inches(pack.tables.randomTable.minefields.sizeInches))}" square): which are real stays your secret.`,
    options: [{ id: defaultMines(sc, pack), label: 'the default fields' }],
    defaultOption: defaultMines(sc, pack),
    answer: 'text',
    form: 'REAL <x>,<y> ... DUMMY <x>,<y> ...',
    situation,
  })
  if (hasFortCard(draw)) {
    // The flagship is not among them: the commander's ship is on the table.
    const csa = sc.ships.filter((s) => s.side === 'CSA' && s.id !== sc.flagships.CSA)
    out.push({
      decisionId: LEAVE_ID,
      role: 'CSA',
      question: 'A fort was drawn: the Confederates fight with one ship fewer (§5 L263). Which ship stays away?',
      options: csa.map((s) => ({ id: s.id, label: s.name })),
      defaultOption: csa.at(-1)!.id,
      situation,
    })
  }
  // §9 L901: the Confederate player writes where the thrown guns and the commander stand.
  if (draw.fort) out.push(fortQuestion(draw, situation))
  return out
}
