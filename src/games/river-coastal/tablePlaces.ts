// Where in its square a random table's feature goes (rulebook §5 L257-267, ruling RC-81). The placer
// answers with one of the three anchors of ruling RC-57 (UPSTREAM, MIDDLE, DOWNSTREAM) or a free
// place: `AT <x>,<y>` for a feature in the river (the islands, the island fort, the bars), the
// point its shape is drawn about; `AT <y>` for one on the bank (the fort, the town, the port), which
// keeps to the bank and moves only up or down it. The whole feature must lie within its square.
import type { Question } from '../contract.ts'
import type { RiverPack } from './pack.ts'
import type { TableDraw } from './stateTypes.ts'

export const PLACES = ['UPSTREAM', 'MIDDLE', 'DOWNSTREAM'] as const
export type Placement = (typeof PLACES)[number]
/** "the upstream end", "the middle", "the downstream end". */
export const placeWords = (p: Placement) => (p === 'MIDDLE' ? 'the middle' : `the ${p.toLowerCase()} end`)
export const placeId = (square: number) => `PLACE-${square}`

/** A feature's place: an anchor word, or the point (inches) its shape is drawn about. */
export type Place = Placement | { x: number; y: number }

const NUMBER = '(\\d+(?:\\.\\d{1,2})?)'
const onBank = (pack: RiverPack, card: string) => {
  const s = pack.tables.randomTable.shapes[card]!
  return !s.land && !s.bars
}

/** The shape's points, in inches, for a square's card drawn about (ax, ay). */
function outline(pack: RiverPack, square: number, card: string, ax: number, ay: number): number[][] {
  const s = pack.tables.randomTable.shapes[card]!
  const mirror = square % 2 === 1 ? 1 : -1 // squares 1, 3, 5 lie on the west bank
  const all = [...(s.land ?? []).flat(), ...(s.bars ?? []).flat(), ...(s.fort ?? []), ...(s.place ?? [])]
  return all.map(([dx, dy]) => [ax + mirror * dx!, ay + dy!])
}

/** The point a place puts the shape about, in inches. */
export function anchorOf(pack: RiverPack, square: number, place: Place): { x: number; y: number } {
  const [x0, y0, x1, y1] = pack.tables.randomTable.squares[String(square) as '1']!
  if (typeof place !== 'string') return place
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 + pack.tables.randomTable.anchors[place] }
}

/** Reads a placer's answer for square `square`; an error says what would stick out of the square. */
export function readPlace(text: string, square: number, draw: TableDraw, pack: RiverPack): Place | { error: string } {
  const card = draw.cards[square - 1]!
  const word = text.trim().toUpperCase()
  if ((PLACES as readonly string[]).includes(word)) return word as Placement
  const bank = onBank(pack, card)
  const m = new RegExp(bank ? `^AT\\s+${NUMBER}$` : `^AT\\s+${NUMBER}\\s*,\\s*${NUMBER}$`).exec(word)
  if (!m) return { error: `place ${card} with ${PLACES.join(', ')} or ${formOf(pack, card)}` }
  const [x0, y0, x1, y1] = pack.tables.randomTable.squares[String(square) as '1']!
  const at = bank ? { x: (x0 + x1) / 2, y: Number(m[1]) } : { x: Number(m[1]), y: Number(m[2]) }
  const pts = outline(pack, square, card, at.x, at.y)
  // A feature on the bank lies beside the square's water: only its reach up and down the table counts.
  const out = pts.find(([x, y]) => y! < y0 || y! > y1 || (!bank && (x! < x0 || x! > x1)))
  if (out)
    return {
      error: `${card} ${word.replace(/\s+/g, ' ')} would reach ${out[0]},${out[1]}, outside square ${square} (x ${x0} to ${x1}, y ${y0} to ${y1})`,
    }
  return at
}

const formOf = (pack: RiverPack, card: string) => (onBank(pack, card) ? 'AT <y>' : 'AT <x>,<y>')

/** The placer's question for one square: an anchor word or a free place, the middle by default. */
export function placeQuestion(square: number, draw: TableDraw, pack: RiverPack, situation: string[]): Question {
  const card = draw.cards[square - 1]!
  const [x0, y0, x1, y1] = pack.tables.randomTable.squares[String(square) as '1']!
  return {
    decisionId: placeId(square),
    role: draw.placers[square - 1]!,
    question: `Where in square ${square} (x ${x0} to ${x1}, y ${y0} to ${y1}) do you place ${card}: its upstream end, the middle, its downstream end, or ${onBank(pack, card) ? 'how far up the bank (AT <y>, its centre)' : 'a place of your choosing (AT <x>,<y>, its centre)'}?`,
    options: PLACES.map((p) => ({ id: p, label: `${card} at ${placeWords(p)} of square ${square}` })),
    defaultOption: 'MIDDLE',
    answer: 'text',
    form: `UPSTREAM | MIDDLE | DOWNSTREAM | ${formOf(pack, card)}`,
    situation,
  }
}

/** How the narrative tells a place. */
export const placeText = (place: Place) => (typeof place === 'string' ? placeWords(place) : `${place.x},${place.y}`)
