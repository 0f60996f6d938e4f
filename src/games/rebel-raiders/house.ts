// Rebel Raiders' house player: the judge at one side, reading only that side's view (houseBoard.ts)
// and the map and tables every player has. `cautious` keeps what it has: no ship moves, its builds go
// to batteries and gunboats at home (CSA) or gunboats (Union), and in battle it retreats after a loss.
// `standard` plays to the victory conditions (RB 16): raiders raid where a raid's expected points are
// highest, runners carry cargo, sloops hunt the raiders and runners where the board last shows them,
// builds add raiders, runners, the Union's extra cannon pawns and sloops, the Union assaults on its way
// to the victory cities (houseAssaults.ts), and in battle it fights while its ships outnumber the foe.
import type { Choice, HouseLevel, HousePlayer, Question, View } from '../contract.ts'
import type { BuildOrder, Buildable } from './buildTypes.ts'
import { planBuilds } from './builds.ts'
import { HAND_LIMIT } from './cards.ts'
import { unionAssaults } from './houseAssaults.ts'
import { assaultCards, generalPlays, lightningPlay, UNION_KEEPS, UNION_REACTIONS } from './houseCards.ts'
import { type Board, boardOf, buildContextOf, moveContextOf } from './houseBoard.ts'
import { confederateMoves, unionMoves } from './houseMoves.ts'
import type { RebelPack } from './pack.ts'
import { overStacked } from './stacking.ts'

/** The builds each level tries, in order, each kept only if the game's build check still passes. */
const BUILDS: Record<'CSA' | 'USA', Record<HouseLevel, string[]>> = {
  CSA: {
    cautious: ['BATTERY AT VICK', 'BATTERY AT MEMP', 'BATTERY AT NORL', 'GUNBOAT AT VICK', 'GUNBOAT AT MEMP'],
    standard: [
      'RAIDER AT SPAI',
      'RAIDER AT FREN',
      ...['WILM', 'CHAS', 'SAVA', 'MOBL', 'GALV', 'NORL'].map((p) => `RUNNER AT ${p}`),
      'GUNBOAT AT VICK',
      'BATTERY AT VICK',
    ],
  },
  USA: {
    cautious: ['GUNBOAT AT NAVY', 'GUNBOAT AT CAIR', 'GUNBOAT AT NAVY', 'GUNBOAT AT CAIR'],
    standard: [
      'PAWN',
      'PAWN',
      'IRONCLAD AT CAIR',
      'SLOOP',
      'SLOOP',
      'SLOOP',
      'SLOOP',
      'GUNBOAT AT STLO',
      'SLOOP',
      'SLOOP',
    ],
  },
}

/** A build line's order for the build check. */
function buildOrder(text: string, line: number): BuildOrder {
  const [what, , at] = text.split(' ')
  return { line, what: what!.toLowerCase() as Buildable, ...(at ? { at } : {}) }
}

/** Whether the builds fit: the build check passes and no new piece breaks a stacking limit (6.12). */
function fits(pack: RebelPack, b: Board, texts: string[]): boolean {
  const plan = planBuilds(
    b.side,
    texts.map((t, i) => buildOrder(t, i + 1)),
    buildContextOf(pack, b),
  )
  if (plan.errors.length) return false
  const built = plan.now.map((n, i) => ({ id: `new-${i}`, side: b.side, type: n.type, at: n.at }))
  const over = overStacked([...b.pieces, ...built], pack, new Set(built.map((p) => p.id)))
  return !over.some((o) => o.piece.id.startsWith('new-'))
}

/** 14.24, 15.4: the level's builds, in order, as far as the builds and the places allow. */
function builds(pack: RebelPack, b: Board, level: HouseLevel): string[] {
  const kept: string[] = []
  for (const text of BUILDS[b.side][level]) if (fits(pack, b, [...kept, text])) kept.push(text)
  return kept.map((t) => `BUILD ${t}`)
}

/** 14.41: a hand over the limit sheds the cards the house least uses, highest-numbered first among equals. */
function discards(b: Board, played: number): string[] {
  const over = b.hand.length - played - HAND_LIMIT
  if (over <= 0) return []
  const keep = b.side === 'USA' ? UNION_KEEPS : []
  const rank = (c: number) => (keep.includes(c) ? keep.length - keep.indexOf(c) : -1)
  const order = [...b.hand].sort((x, y) => rank(x) - rank(y) || y - x)
  return [`DISCARD ${order.slice(0, over).join(' ')}`]
}

/** The battle orders each level files with every mail (10.35-10.36; a later one replaces the earlier). */
const STANDING: Record<HouseLevel, string> = {
  cautious: 'POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT',
  standard: 'POLICY ALL ON BATTLE: RETREAT IF foes > left; FIGHT',
}

function ownPhase(pack: RebelPack, view: View, b: Board, level: HouseLevel, choice: Choice): string[] {
  if (b.phase.endsWith('build')) {
    const plays = level === 'standard' && b.side === 'USA' ? generalPlays(pack, b) : []
    return [...plays, ...builds(pack, b, level), ...discards(b, plays.length)]
  }
  if (level === 'cautious') return []
  const ctx = moveContextOf(pack, b)
  if (b.side === 'CSA') return confederateMoves(ctx, pack, b, choice)
  return [...unionMoves(ctx, pack, b, choice), ...unionAssaultOrders(pack, b, view, choice)]
}

/** The Union's assaults with the cards that help them, the cards first so that their effects wait for the assaults. */
function unionAssaultOrders(pack: RebelPack, b: Board, view: View, choice: Choice): string[] {
  // A river or land assault may not spend the pawns kept for landings from the sea (#24).
  const pawns = (view.unionAssaultsLeft as number) - ((view.unionSeaPawnsLeft as number | undefined) ?? 0)
  const lightning = lightningPlay(pack, b, view)
  const assaults = unionAssaults(pack, b, view, choice, pawns + lightning.extra)
  return [...lightning.lines, ...assaultCards(pack, b, assaults), ...assaults]
}

/** A cautious side takes the way out of a fight when it is offered one. */
const CAUTIOUS_ANSWERS = ['RETREAT', 'SHELTER', 'NO', 'KEEP']

export function rebelRaidersHouse(pack: RebelPack): HousePlayer {
  return {
    orders(view: View, role: string, level: HouseLevel, choice: Choice): string {
      if (role !== 'confederate' && role !== 'union') throw new Error(`Rebel Raiders has no role ${role}`)
      const b = boardOf(pack, view, role)
      const phasing = b.phase.startsWith('csa') ? 'CSA' : 'USA'
      const standing = [STANDING[level], ...(level === 'standard' && b.side === 'USA' ? UNION_REACTIONS : [])]
      if (phasing !== b.side) return standing.join('\n')
      const lines = ownPhase(pack, view, b, level, choice)
      return [...standing, ...(lines.length ? lines : ['PASS'])].join('\n')
    },
    answer(_view: View, question: Question, level: HouseLevel): string {
      if (level === 'cautious' && question.answer !== 'text') {
        const safe = CAUTIOUS_ANSWERS.find((id) => question.options.some((o) => o.id === id))
        if (safe) return safe
      }
      return question.defaultOption
    },
  }
}
