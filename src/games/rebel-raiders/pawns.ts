// The Union's cannon pawns (RB 11.1-11.2) with the ones #24 From Sea to Shining Sea adds: those may
// only land on Confederate ocean ports and forts, each landing rolls a die more and none counts
// against the one ocean landing a turn. In the 1862 start (19.42, ruling RR-S62) the four pawns, #24's
// two and the two ordinary ones, may all land on its four historic targets free of 11.2 (only #24's
// roll the die more, PB 22's Norfolk); a pawn spent elsewhere leaves the usual limits.
import type { RebelPack } from './pack.ts'
import type { RrState } from './state.ts'

/** The pawn counts an assault draws on (a state, or the orders' running copy of it). */
export type Pawns = Pick<RrState, 'unionPawns' | 'seaPawns' | 'seaTargets' | 'amphibiousOcean' | 'extraOcean'>

const SEA_KINDS = ['oceanPort', 'fort']
/** #24's usual allowance, which is what the historic 1862 pawns fall back to (19.42). */
const SEA_ALLOWANCE = 2

const seaAfterDeviation = (p: Pawns) => (p.seaTargets ? Math.min(p.seaPawns, SEA_ALLOWANCE) : p.seaPawns)

/** The pawn an assault on `target` would spend, or why it cannot be made. */
export function pawnFor(p: Pawns, pack: RebelPack, target: string, amphibious: boolean): 'sea' | 'normal' | string {
  const kind = pack.map.space(target).kind
  if (amphibious && SEA_KINDS.includes(kind) && p.seaPawns > 0 && (!p.seaTargets || p.seaTargets.includes(target)))
    return 'sea'
  if (p.unionPawns - seaAfterDeviation(p) < 1)
    return p.unionPawns < 1
      ? 'no cannon pawn is left (11.1)'
      : 'the pawns left are for amphibious assaults on Confederate ocean ports and forts (#24)'
  if (amphibious && kind === 'oceanPort' && p.amphibiousOcean && !p.extraOcean && !p.seaTargets?.includes(target))
    return "the turn's one amphibious assault on an ocean port is spent (11.2)"
  return 'normal'
}

/** Spends the pawn `pawnFor` chose. */
export function spendPawn(p: Pawns, pack: RebelPack, target: string, use: 'sea' | 'normal', amphibious: boolean): void {
  p.unionPawns -= 1
  if (use === 'sea') {
    p.seaPawns -= 1
    return
  }
  // An ordinary pawn landing on a historic target of the 1862 start keeps the historic targets open (19.42).
  const historic = amphibious && !!p.seaTargets?.includes(target)
  p.seaPawns = historic ? p.seaPawns : seaAfterDeviation(p)
  if (!historic) p.seaTargets = null
  if (amphibious && pack.map.space(target).kind === 'oceanPort') {
    // A second landing on an ocean port spends the pawn Two If By Sea upgraded (18.23).
    if (p.amphibiousOcean && p.extraOcean && !historic) p.extraOcean -= 1
    p.amphibiousOcean = true
  }
}

/** #24 played: two pawns more this turn, the total kept within four, both for landings on ocean ports and forts. */
export function addSeaPawns(p: Pawns): number {
  const added = Math.max(0, Math.min(4, p.unionPawns + 2) - p.unionPawns)
  p.unionPawns += added
  p.seaPawns += added
  return added
}
