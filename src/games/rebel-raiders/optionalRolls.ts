// The optional rules rolled at the opening of a phase (PB 18.32-18.34): Northern Draft Riots at the
// Union build, the commercial interests' demand at the Union move (settled as the Union turn ends),
// the Confederate privateers at the Confederate build. A roll of the opening of a phase is made as
// the phase before it is resolved (ruling RR-O1), so each player writes his orders knowing it. The
// Union assaults that failed in a move are counted here for the riots' and the privateers' dice.
import { MODERATOR, onlyRoles, PUBLIC } from '../contract.ts'
import { shuffled } from '../kit/deck.ts'
import { usesRule } from './optionalRules.ts'
import type { PhaseRun } from './phaseRun.ts'
import { dateOf, type RrState } from './state.ts'
import { atSea } from './unionResolve.ts'

/** The tens digit of the Confederate points, the mark the riots' and privateers' die is held against (never below 1, 18.32). */
const tensMark = (vp: number) => Math.max(1, Math.floor(vp / 10))

/** 18.32: the die's reduction for the Union assaults that failed in the last Union move (one each in 1863, one for two from 1864). */
function defeats(s: RrState): number {
  const failed = s.marks?.failedAssaults ?? 0
  return dateOf(s.turn).year >= 1864 ? Math.ceil(failed / 2) : failed
}

/** A Union assault failed after its dice were rolled (an assault cancelled before them does not count, 11.6). */
export function assaultFailed(run: PhaseRun): void {
  if (usesRule(run.s, '18.32') || usesRule(run.s, '18.34'))
    (run.s.marks ??= {}).failedAssaults = (run.s.marks?.failedAssaults ?? 0) + 1
}

/** 18.32 at the opening of a Union build of 1863-1864, not the turn after riots: the builds they cost. */
export function draftRiots(run: PhaseRun): void {
  const s = run.s
  const year = dateOf(s.turn).year
  if (!usesRule(s, '18.32') || s.finished || year < 1863 || year > 1864) return
  if (s.marks?.riots?.turn === s.turn - 1) {
    run.say('18.32', 'No Draft Riots roll: the riots broke out last turn.')
    return
  }
  const die = run.dice.roll('18.32 draft riots', 6, PUBLIC)
  const less = defeats(s) + (s.emancipated ? 1 : 0)
  const mark = tensMark(s.vp)
  const text = `Draft Riots die ${die}${less ? ` - ${less}` : ''} against ${mark}`
  if (die - less > mark) {
    run.say('18.32', `${text}: the North stays calm.`)
    return
  }
  const builds = Math.max(0, Math.floor(s.vp / 10))
  ;(s.marks ??= {}).riots = { turn: s.turn, builds }
  run.say(
    '18.32',
    `${text}: Draft Riots in the North. The Union loses ${builds} build(s) this turn and buys no extra assault nor card.`,
  )
}

/** 18.33 at the opening of the Union move: a die no higher than the raiders at sea that may raid makes the demand. */
export function protectionDemand(run: PhaseRun): void {
  const s = run.s
  if (s.marks) delete s.marks.protection
  if (!usesRule(s, '18.33') || s.finished) return
  const raiders = s.pieces.filter(
    (p) => p.side === 'CSA' && p.type === 'raider' && atSea(run.pack.map, p.at) && !run.space(p.at).noRaid,
  ).length
  if (!raiders) return
  const die = run.dice.roll('18.33 commercial interests', 6, PUBLIC)
  if (die > raiders) {
    run.say('18.33', `Commercial interests (die ${die} against ${raiders} raider(s)): no demand this turn.`)
    return
  }
  ;(s.marks ??= {}).protection = true
  run.say(
    '18.33',
    `Commercial interests demand protection (die ${die} against ${raiders} raider(s)): by the end of the Union turn each zone with a raider needs two screw sloops, or the Confederacy gains 2 VP for it.`,
  )
}

/** 18.33 as the Union turn ends: 2 VP for each zone at sea holding a raider and fewer than two sloops. */
export function protectionSettled(run: PhaseRun): void {
  const s = run.s
  if (!s.marks?.protection) return
  delete s.marks.protection
  const zones = [
    ...new Set(
      s.pieces.filter((p) => p.side === 'CSA' && p.type === 'raider' && atSea(run.pack.map, p.at)).map((p) => p.at),
    ),
  ]
  for (const z of zones)
    if (run.piecesAt(z, 'USA', ['sloop']).length < 2)
      run.vp(2, '18.33', `${run.name(z)} has a raider and fewer than two Union screw sloops`)
}

/** The European neutral ports a privateer may fit out in (18.34). */
const PRIVATEER_PORTS = ['FREN', 'SPAI']

/** 18.34 at the opening of the Confederate build: a free raider in Europe on the riots' die, with a named raider's card. */
export function privateers(run: PhaseRun): void {
  const s = run.s
  if (!usesRule(s, '18.34') || s.finished) return
  const die = run.dice.roll('18.34 privateers', 6, PUBLIC)
  const less = defeats(s)
  const mark = tensMark(s.vp)
  const text = `Privateers die ${die}${less ? ` - ${less}` : ''} against ${mark}`
  if (die - less > mark) {
    run.say('18.34', `${text}: no privateer this turn.`)
    return
  }
  const cap = run.pack.pieces.types.find((t) => t.type === 'raider')?.max ?? Number.POSITIVE_INFINITY
  if (s.pieces.filter((p) => p.type === 'raider').length >= cap) {
    run.say('18.34', `${text}: a privateer, but all ${cap} raider counters are in play.`)
    return
  }
  const port = privateerPort(run)
  const raider = run.add('CSA', 'raider', port)
  run.say('18.34', `${text}: privateer ${raider.id} fits out in ${run.name(port)}.`, port)
  const card = privateerCard(run)
  if (card === undefined) return
  const t = s.cards.CSA
  const pile = t.deck.drawPile.filter((c) => c !== card)
  t.deck = { ...t.deck, drawPile: shuffled(pile, run.dice, `confederate deck privateers turn ${s.turn}`, MODERATOR) }
  t.hand.push(card)
  t.drawnOn[card] = s.turn
  run.say('18.34', 'The Confederacy takes a named raider card from its deck, which is shuffled.')
  run.tell(onlyRoles('confederate'), '18.34', `You take #${card} ${run.cardName(card)} into your hand.`)
}

/** Which European neutral port the privateer fits out in is the Confederate player's (18.34); the pack's port by default. */
function privateerPort(run: PhaseRun): string {
  const { port } = run.pack.optional.privateers
  const ports = [port, ...PRIVATEER_PORTS.filter((p) => p !== port)]
  return run.ask({
    decisionId: `privateer-port-turn-${run.s.turn}`,
    role: 'confederate',
    question: 'Privateers (18.34): in which European neutral port does your free raider fit out?',
    options: ports.map((p) => ({ id: p, label: run.name(p) })),
    defaultOption: port,
    situation: [`Without an answer it fits out in ${run.name(port)} (ruling RR-D1).`],
  })
}

/**
 * Whether the privateer brings a named raider's card from the deck, and which, is the Confederate
 * player's (18.34: he may search the deck); by default the first the pack lists whose years allow it.
 */
function privateerCard(run: PhaseRun): number | undefined {
  const year = dateOf(run.s.turn).year
  const pile = run.s.cards.CSA.deck.drawPile
  const open = run.pack.optional.privateers.namedRaiders.filter((c) => {
    const years = run.pack.cards.get(c)?.years
    return pile.includes(c) && !!years && years.from <= year && year <= years.to
  })
  if (!open.length) return undefined
  const answer = run.ask({
    decisionId: `privateer-card-turn-${run.s.turn}`,
    role: 'confederate',
    question: 'Privateers (18.34): which named raider card do you take from your deck (it is then shuffled)?',
    options: [
      ...open.map((c) => ({ id: String(c), label: `#${c} ${run.cardName(c)}` })),
      { id: 'NONE', label: 'none: leave the deck as it is' },
    ],
    defaultOption: String(open[0]),
    situation: [`Without an answer you take #${open[0]} ${run.cardName(open[0]!)} (ruling RR-D1).`],
  })
  return answer === 'NONE' ? undefined : Number(answer)
}
