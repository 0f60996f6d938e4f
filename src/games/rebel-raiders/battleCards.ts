// The cards that act in a naval combat (PB 23, in our own words): named ships with their strengths,
// free Confederate ironclads placed in a port as the Union attacks it, rams before the first round,
// and the cards of a ship-versus-battery combat. A card reaches a battle two ways: written as
// `PLAY <card> [AT <ship or space>]` in its owner's move (held in the hand until a battle where it
// can act comes in that phase), or standing as `REACT <card> [AT <space>|ALL]` for any phase. The
// attacker's cards come first, then the defender's (17.23).
import { onlyRoles, PUBLIC } from '../contract.ts'
import type { CardEffect } from './cardTypes.ts'
import type { CardStrengths, RoundStart, Unit, UnitType } from './combat.ts'
import { settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { PieceType, Side } from './setup.ts'
import { dateOf, type NamedShip, type RrPiece, roleOf } from './state.ts'

/** A battle as the cards see it: where, who attacks, the units (with their card strengths) on each side. */
export interface Scene {
  where: string
  attackerSide: Side
  attackers: Unit[]
  defenders: Unit[]
}

/** What the cards played at a battle's start leave for its rounds and its end. */
export interface BattleCards {
  beforeRound(round: number, attackers: Unit[], defenders: Unit[]): RoundStart
  /** After the battle: names that lapse, cards that go, ships that broke down and are lost with a lost battle. */
  close(sunk: ReadonlySet<string>, loser: Side | null): void
  /** The defender must fight with ships and batteries together (#47). */
  forceCombined: boolean
}

const isBattery = (u: Unit) => u.type === 'battery'
const sideName = (side: Side) => (side === 'CSA' ? 'Confederate' : 'Union')

/** A card that names one of its side's ships in the battle and gives it strengths. */
interface Naming {
  type: PieceType
  until: NamedShip['until']
  strengths: CardStrengths
  /** It counts as an ironclad in every respect while named (#18, #72). */
  asIronclad?: boolean
  words: string
}

const NAMINGS: Readonly<Record<number, Naming>> = {
  10: { type: 'gunboat', until: 'battle', strengths: { extraDice: 1 }, words: 'rolls one die more each round' },
  13: { type: 'sloop', until: 'battle', strengths: { hitTest: 5 }, words: 'shrugs off a hit on 5-6, else leaves' },
  15: { type: 'ironclad', until: 'battle', strengths: { hitTest: 4 }, words: 'shrugs off hits, leaving on 1-3' },
  18: { type: 'gunboat', until: 'battle', strengths: {}, asIronclad: true, words: 'counts as an ironclad' },
  19: { type: 'ironclad', until: 'battle', strengths: { ignoresHits: 1 }, words: 'ignores the first hit' },
  20: { type: 'ironclad', until: 'battle', strengths: { extraDice: 1 }, words: 'rolls one die more each round' },
  22: { type: 'ironclad', until: 'battle', strengths: { dieBonus: 2 }, words: 'adds 2 to its combat dice' },
  28: { type: 'ironclad', until: 'turn', strengths: { dieBonus: 1 }, words: 'adds 1 to its combat dice this turn' },
  72: { type: 'gunboat', until: 'battle', strengths: {}, asIronclad: true, words: 'counts as an ironclad' },
}

/** Sloops that shrug off their first hit (#23, #26): the judge plays one when a sloop of the side is first hit. */
const SPARES = [23, 26] as const

/** Free Confederate ironclads placed in a port as the Union's naval attack on it begins (#70, #71, #86). */
const PLACED: Readonly<Record<number, { ports: string[]; strengths: CardStrengths; words: string }>> = {
  70: { ports: ['oceanPort'], strengths: { dieBonus: 1, hitTest: 7 }, words: 'adds 1 to its die; a hit sends it away' },
  71: { ports: ['oceanPort', 'riverPort'], strengths: {}, words: 'rams a Union ship as each naval combat begins' },
  86: { ports: ['oceanPort', 'riverPort'], strengths: {}, words: 'ignores the first hit it takes' },
}

/** Cards that change a whole battle: rams, breakdowns, and the ship-versus-battery cards. */
const SCENES: Readonly<Record<number, { side: Side; fits: (run: PhaseRun, scene: Scene) => boolean }>> = {
  1: { side: 'USA', fits: (_run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) },
  25: { side: 'USA', fits: (_run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) },
  38: {
    side: 'USA',
    fits: (_run, sc) => unionUnits(sc).some((u) => u.type === 'gunboat') && csaShips(sc).length > 0,
  },
  47: { side: 'USA', fits: (_run, sc) => csaShips(sc).some((u) => u.type === 'ironclad') },
  101: {
    side: 'CSA',
    fits: (run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) && batteryRoom(run, sc.where) > 0,
  },
  110: { side: 'CSA', fits: (_run, sc) => sc.attackerSide === 'USA' && sc.defenders.some(isBattery) },
}

const unionUnits = (sc: Scene) => (sc.attackerSide === 'USA' ? sc.attackers : sc.defenders)
const csaUnits = (sc: Scene) => (sc.attackerSide === 'CSA' ? sc.attackers : sc.defenders)
const csaShips = (sc: Scene) => csaUnits(sc).filter((u) => !isBattery(u))
const batteryRoom = (run: PhaseRun, at: string) =>
  run.pack.pieces.stacking.batteriesPerSpace - run.piecesAt(at, 'CSA', ['battery']).length

/** Every card this module plays in a battle, with its side. */
export const BATTLE_CARD_SIDES: Readonly<Record<number, Side>> = {
  ...Object.fromEntries(Object.keys(NAMINGS).map((c) => [c, Number(c) === 72 ? 'CSA' : 'USA'])),
  ...Object.fromEntries(SPARES.map((c) => [c, 'USA'])),
  ...Object.fromEntries(Object.keys(PLACED).map((c) => [c, 'CSA'])),
  ...Object.fromEntries(Object.entries(SCENES).map(([c, d]) => [c, d.side])),
}

/** The card strengths a ship carries into a battle from the names it holds. */
export function unitWithCards(run: PhaseRun, p: RrPiece): Unit {
  const named = run.s.named.find((n) => n.ship === p.id)
  const u: Unit = { id: p.id, side: p.side, type: p.type }
  if (!named) return u
  const strengths = NAMINGS[named.card]?.strengths ?? PLACED[named.card]?.strengths ?? {}
  u.card = { ...strengths, ...(named.ignoresLeft ? { ignoresHits: named.ignoresLeft } : {}) }
  if (NAMINGS[named.card]?.asIronclad) u.type = 'ironclad'
  return u
}

/** A card the side could play here now: held from its PLAY this phase, or standing as a REACT. */
interface Candidate {
  card: number
  /** The ship or space the order named, if any. */
  at?: string
  from: 'play' | 'react'
}

function candidates(run: PhaseRun, side: Side, scene: Scene, cards: (c: number) => boolean): Candidate[] {
  const year = dateOf(run.s.turn).year
  const usable = (c: number) => {
    const card = run.pack.cards.get(c)
    return (
      !!card &&
      run.s.cards[side].hand.includes(c) &&
      year >= card.years.from &&
      year <= card.years.to &&
      historicLimit(run, scene, c)
    )
  }
  const here = [scene.where, ...scene.attackers.map((u) => u.id), ...scene.defenders.map((u) => u.id)]
  const held: Candidate[] = run.s.pending
    .filter((b) => b.on === 'battle' && BATTLE_CARD_SIDES[b.card] === side && cards(b.card) && usable(b.card))
    .filter((b) => b.at === 'ANY' || here.includes(b.at))
    .map((b) => ({ card: b.card, ...(b.at !== 'ANY' ? { at: b.at } : {}), from: 'play' }))
  const standing: Candidate[] = run.s.reactions[side]
    .filter((r) => cards(r.card) && usable(r.card) && (r.at === 'ALL' || r.at === scene.where))
    .map((r) => ({ card: r.card, from: 'react' }))
  return [...held, ...standing]
}

/**
 * The 1862 start with the historic cards (option A, PB 19.531-19.532): in its first turn some cards act
 * only in a combat with a named commander's ships, or at named spaces. Elsewhere they stay in the hand.
 */
function historicLimit(run: PhaseRun, scene: Scene, card: number): boolean {
  const setup = run.pack.setups[run.s.scenario]
  const limits = setup?.optionA
  if (!limits || run.s.options.cards !== 'A' || run.s.turn !== setup.turn) return true
  if (limits.atSpaces.cards.includes(card)) return limits.atSpaces.spaces.includes(scene.where)
  const commander = Object.entries(limits.withCommander).find(([, cards]) => cards.includes(card))?.[0]
  if (!commander) return true
  const his = run.s.commanders[commander] ?? []
  return [...scene.attackers, ...scene.defenders].some((u) => his.includes(u.id))
}

/** Takes a card out of the hand as it is played, with its order, and tells both sides. */
function takeCard(run: PhaseRun, side: Side, c: Candidate, at: string): void {
  const t = run.s.cards[side]
  t.hand = t.hand.filter((x) => x !== c.card)
  run.s.pending = run.s.pending.filter((b) => !(b.on === 'battle' && b.card === c.card))
  run.s.reactions[side] = run.s.reactions[side].filter((r) => r.card !== c.card)
  run.say('17.23', `The ${sideName(side)} player plays #${c.card} ${run.cardName(c.card)}.`, at)
}

/** Moves a card that stayed out (a name's card) to its side's discards. */
export function discardFromPlay(run: PhaseRun, side: Side, card: number): void {
  const t = run.s.cards[side]
  t.inPlay = t.inPlay.filter((c) => c !== card)
  t.deck = { ...t.deck, discards: [...t.deck.discards, card] }
}

/**
 * Plays the cards that answer a battle's start, attacker first (17.23), and returns what they leave
 * for the rounds and the end. The units' card strengths are set here.
 */
export function openBattle(run: PhaseRun, scene: Scene, opts: { sortieFirst?: boolean } = {}): BattleCards {
  const played: { card: number; side: Side }[] = []
  const rounds: ((n: number, a: Unit[], d: Unit[]) => RoundStart)[] = []
  const brokenDown = new Set<string>()
  let forceCombined = false
  const order: Side[] = [scene.attackerSide, scene.attackerSide === 'CSA' ? 'USA' : 'CSA']
  const own = (side: Side) => (side === scene.attackerSide ? scene.attackers : scene.defenders)
  const foes = (side: Side) => (side === scene.attackerSide ? scene.defenders : scene.attackers)
  for (const side of order) {
    for (const c of candidates(run, side, scene, (n) => !!NAMINGS[n] && BATTLE_CARD_SIDES[n] === side)) {
      const naming = NAMINGS[c.card]!
      const ship = own(side).find(
        (u) =>
          u.type === naming.type &&
          !run.s.named.some((n) => n.ship === u.id) &&
          (!c.at || c.at === scene.where || c.at === u.id),
      )
      if (!ship) continue
      takeCard(run, side, c, scene.where)
      settlePlayed(run, side, c.card, 'held')
      run.s.named.push({ ship: ship.id, card: c.card, until: naming.until })
      ship.card = { ...ship.card, ...naming.strengths }
      if (naming.asIronclad) ship.type = 'ironclad'
      played.push({ card: c.card, side })
      run.say(`#${c.card}`, `${ship.id} is the ${shipName(run, c.card)}: it ${naming.words}.`, scene.where)
    }
    if (side === 'CSA' && scene.attackerSide === 'USA') placeIronclads(run, scene, played)
    for (const c of candidates(run, side, scene, (n) => SCENES[n]?.side === side)) {
      if (!SCENES[c.card]!.fits(run, scene)) continue
      takeCard(run, side, c, scene.where)
      played.push({ card: c.card, side })
      const effect = sceneCard(run, scene, c.card, foes(side), own(side), brokenDown)
      if (effect.round) rounds.push(effect.round)
      if (c.card === 47) forceCombined = true
      const after = run.pack.cards.get(c.card)!.afterUse
      settlePlayed(run, side, c.card, after === 'held' ? 'discard' : after)
    }
  }
  commandersCards(run, scene, opts.sortieFirst)
  ramWithManassas(run, scene)
  sparesFor(run, scene, played)
  return {
    forceCombined,
    beforeRound(n, a, d) {
      const start: Required<RoundStart> = { notes: [], leave: [], batteriesFirst: false }
      for (const r of rounds) {
        const s = r(n, a, d)
        start.notes.push(...(s.notes ?? []))
        start.leave.push(...(s.leave ?? []))
        start.batteriesFirst ||= !!s.batteriesFirst
      }
      return start
    },
    close(sunk, loser) {
      const lost = loser === 'CSA' ? [...brokenDown] : []
      if (lost.length) {
        run.remove(lost)
        run.say('#47', `The ships that broke down are lost with the battle: ${lost.join(', ')}.`, scene.where)
      }
      for (const u of [...scene.attackers, ...scene.defenders]) {
        const named = run.s.named.find((n) => n.ship === u.id)
        if (!named) continue
        const side = BATTLE_CARD_SIDES[named.card] ?? u.side
        if (sunk.has(u.id) || lost.includes(u.id) || named.until === 'battle') {
          run.s.named = run.s.named.filter((n) => n !== named)
          discardFromPlay(run, side, named.card)
        } else if (u.card?.ignoresHits !== undefined && named.until === 'afloat') named.ignoresLeft = u.card.ignoresHits
      }
    },
  }
}

/**
 * The cards kept face up with a commander act where his ships fight: #37 the Hartford, one of
 * Farragut's sloops, shrugs off one hit a battle; #2 Porter's mortar boats, where Porter has a gunboat
 * against batteries, roll two dice before the first round, each 6 destroying a battery (not when the
 * defender sorties in the first round: ruling RR-K9).
 */
function commandersCards(run: PhaseRun, scene: Scene, sortieFirst = false): void {
  const inPlay = run.s.cards.USA.inPlay
  const withCommander = (name: string, type: UnitType) =>
    unionUnits(scene).find((u) => u.type === type && (run.s.commanders[name] ?? []).includes(u.id))
  const hartford = inPlay.includes(37) ? withCommander('FARRAGUT', 'sloop') : undefined
  if (hartford) {
    hartford.card = { ...hartford.card, ignoresHits: (hartford.card?.ignoresHits ?? 0) + 1 }
    run.say(
      '#37',
      `${hartford.id} is the Hartford, with Farragut: it may shrug off one hit in this battle.`,
      scene.where,
    )
  }
  const porter = inPlay.includes(2) ? withCommander('PORTER', 'gunboat') : undefined
  const batteries = scene.defenders.filter(isBattery)
  if (!porter || !batteries.length || scene.attackerSide !== 'USA' || sortieFirst) return
  const dice = [1, 2].map((i) => run.dice.roll(`#2 mortar boats at ${scene.where} (${i})`, 6, PUBLIC))
  const hit = batteries.slice(0, dice.filter((d) => d === 6).length)
  run.remove(hit.map((b) => b.id))
  scene.defenders = scene.defenders.filter((u) => !hit.includes(u))
  run.say(
    '#2',
    `Porter's mortar boats fire at ${run.name(scene.where)} (${dice.join(', ')}): ${hit.length ? `${hit.map((b) => b.id).join(', ')} destroyed` : 'no battery hit'}.`,
    scene.where,
  )
}

function shipName(run: PhaseRun, card: number): string {
  return run.cardName(card).replace(/^(USS|CSS) /, '')
}

/** #70, #71, #86: the Confederate player places a free named ironclad in the port the Union attacks. */
function placeIronclads(run: PhaseRun, scene: Scene, played: { card: number; side: Side }[]): void {
  const kind = run.space(scene.where).kind
  for (const c of candidates(run, 'CSA', scene, (n) => !!PLACED[n])) {
    const placed = PLACED[c.card]!
    const warships = run.piecesAt(scene.where, 'CSA', ['gunboat', 'ironclad', 'raider']).length
    if (!placed.ports.includes(kind) || warships >= run.pack.pieces.stacking.warshipsPerSidePerSpace) continue
    takeCard(run, 'CSA', c, scene.where)
    settlePlayed(run, 'CSA', c.card, 'held')
    const p = run.add('CSA', 'ironclad', scene.where)
    const ignoresLeft = c.card === 86 ? 1 : undefined
    run.s.named.push({ ship: p.id, card: c.card, until: 'afloat', ...(ignoresLeft ? { ignoresLeft } : {}) })
    scene.defenders.push(unitWithCards(run, p))
    played.push({ card: c.card, side: 'CSA' })
    run.say(
      `#${c.card}`,
      `A free Confederate ironclad ${p.id}, the ${shipName(run, c.card)}, joins the defence: it ${placed.words}.`,
      scene.where,
    )
  }
}

/** #71: the Manassas rams the strongest Union ship as a naval combat begins: it sinks if the Confederate die is higher. */
function ramWithManassas(run: PhaseRun, scene: Scene): void {
  const manassas = csaUnits(scene).find((u) => run.s.named.some((n) => n.ship === u.id && n.card === 71))
  const target = strongest(unionUnits(scene).filter((u) => !isBattery(u)))
  if (!manassas || !target) return
  const csa = run.dice.roll(`#71 ${manassas.id} rams ${target.id}: Confederate die`, 6, PUBLIC)
  const union = run.dice.roll(`#71 ${manassas.id} rams ${target.id}: Union die`, 6, PUBLIC)
  const sinks = csa > union
  run.say(
    '#71',
    `The Manassas rams ${target.id} (${csa} against ${union}): ${sinks ? 'it sinks' : 'no harm done'}.`,
    scene.where,
  )
  if (!sinks) return
  run.remove([target.id])
  const list = scene.attackerSide === 'USA' ? scene.attackers : scene.defenders
  list.splice(list.indexOf(target), 1)
}

const STRENGTH: Record<UnitType, number> = { ironclad: 4, sloop: 3, raider: 2, gunboat: 1, runner: 0, battery: 0 }
const strongest = (units: Unit[]) => [...units].sort((a, b) => STRENGTH[b.type] - STRENGTH[a.type])[0]

/** #23, #26: a Union sloop's first hit is shrugged off by the card, played by the judge as the hit lands. */
function sparesFor(run: PhaseRun, scene: Scene, played: { card: number; side: Side }[]): void {
  for (const sloop of unionUnits(scene).filter((u) => u.type === 'sloop' && !u.card?.ignoresHits)) {
    const spare = (): boolean => {
      if (run.s.named.some((n) => n.ship === sloop.id && (SPARES as readonly number[]).includes(n.card))) return false
      const c = candidates(run, 'USA', scene, (n) => (SPARES as readonly number[]).includes(n)).find(
        (x) => !x.at || x.at === sloop.id || x.at === scene.where,
      )
      if (!c) return false
      takeCard(run, 'USA', c, scene.where)
      settlePlayed(run, 'USA', c.card, 'held')
      run.s.named.push({ ship: sloop.id, card: c.card, until: 'battle' })
      played.push({ card: c.card, side: 'USA' })
      run.say(`#${c.card}`, `${sloop.id} is the ${shipName(run, c.card)}: it shrugs off its first hit.`, scene.where)
      return true
    }
    sloop.card = { ...sloop.card, spareHit: spare }
  }
}

/** What a battle-wide card does: its rounds' orders, and what it does at once. */
function sceneCard(
  run: PhaseRun,
  scene: Scene,
  card: number,
  foes: Unit[],
  own: Unit[],
  brokenDown: Set<string>,
): { round?: (n: number, a: Unit[], d: Unit[]) => RoundStart } {
  const batteries = () => scene.defenders.filter(isBattery)
  switch (card) {
    case 1:
      // Damn the Torpedoes: the batteries fire first in round 1; Union ships' own dice count twice at batteries all battle.
      for (const u of own) if (!isBattery(u)) u.card = { ...u.card, doubleAgainstBatteries: true }
      run.say(
        '#1',
        'Damn the Torpedoes: the batteries fire first; the Union answers with double dice against them.',
        scene.where,
      )
      return { round: (n) => ({ batteriesFirst: n === 1 }) }
    case 25:
      run.say('#25', 'Black Terror: one battery wastes its first round on a decoy.', scene.where)
      return {
        round: (n) => {
          const b = batteries()[0]
          if (n !== 1 || !b) return {}
          b.now = { ...b.now, holdsFire: true }
          return { notes: [`${b.id} fires at the decoy`] }
        },
      }
    case 38: {
      const ram = own.find((u) => u.type === 'gunboat')!
      const target = strongest(foes.filter((u) => !isBattery(u)))!
      const union = run.dice.roll(`#38 ${ram.id} rams ${target.id}: Union die`, 6, PUBLIC)
      const csa = run.dice.roll(`#38 ${ram.id} rams ${target.id}: Confederate die`, 6, PUBLIC)
      const hits = union > csa
      run.say(
        '#38',
        `Queen of the West: ${ram.id} rams ${target.id} (${union} against ${csa}): ${hits ? `${target.id} is damaged and leaves the battle` : 'no harm done'}.`,
        scene.where,
      )
      return hits ? { round: (n) => (n === 1 ? { leave: [target.id] } : {}) } : {}
    }
    case 47:
      run.say('#47', 'Engine Breakdown: each Confederate ironclad may break down as a round begins.', scene.where)
      return {
        round: (n, a, d) => {
          const notes: string[] = []
          const leave: string[] = []
          for (const u of [...a, ...d].filter((x) => x.side === 'CSA' && x.type === 'ironclad')) {
            const die = run.dice.roll(`#47 round ${n}: ${u.id} engine`, 6, PUBLIC)
            if (die < 5) continue
            leave.push(u.id)
            brokenDown.add(u.id)
            notes.push(`${u.id}'s engine breaks down (die ${die}): it is out of the fight`)
          }
          return { notes, leave }
        },
      }
    case 101: {
      const b = run.add('CSA', 'battery', scene.where)
      scene.defenders.push({ id: b.id, side: 'CSA', type: 'battery' })
      run.say(
        '#101',
        `Ring of Fire: a free battery ${b.id}; every battery fires three dice in the first round.`,
        scene.where,
      )
      return { round: (n) => boostBatteries(batteries(), n, { diceDelta: 1 }) }
    }
    case 110: {
      run.say('#110', 'Hulks, Rafts & Chains: every battery adds 1 to its dice in the first round.', scene.where)
      return { round: (n) => boostBatteries(batteries(), n, { dieBonus: 1 }) }
    }
  }
  return {}
}

function boostBatteries(batteries: Unit[], n: number, orders: { diceDelta?: number; dieBonus?: number }): RoundStart {
  if (n !== 1) return {}
  for (const b of batteries) b.now = { ...b.now, ...orders }
  return {}
}

/**
 * `PLAY <card> [AT <ship or space>]` for a battle card in its owner's move: the card stays in the
 * hand, told to its owner only, until the first battle of the phase where it can act (at the ship or
 * space named); a phase without one leaves it in the hand.
 */
function heldForBattle(side: Side, type?: PieceType): CardEffect {
  return {
    phases: [side === 'CSA' ? 'csa-move' : 'union-move'],
    waits: true,
    check: (s, pack, _side, play) => {
      if (!play.at || pack.map.has(play.at)) return null
      const ship = s.pieces.find((p) => p.id === play.at && p.side === side)
      if (!ship) return `${play.at} is neither a space nor one of your ships`
      return type && ship.type !== type ? `${play.at} is not a ${type}` : null
    },
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on: 'battle', at: play.at ?? 'ANY', amount: 0 })
      run.tell(
        onlyRoles(roleOf(side)),
        '17.23',
        `#${play.card} ${run.cardName(play.card)} is held for the first battle of this phase where it can act${play.at ? ` (at ${play.at})` : ''}.`,
      )
    },
  }
}

/** The battle cards a player may write as PLAY in his own move (the others answer in the other side's phase). */
export const BATTLE_EFFECTS: Readonly<Record<number, CardEffect>> = {
  ...Object.fromEntries(
    Object.entries(NAMINGS).map(([c, n]) => [c, heldForBattle(BATTLE_CARD_SIDES[Number(c)]!, n.type)]),
  ),
  23: heldForBattle('USA', 'sloop'),
  26: heldForBattle('USA', 'sloop'),
  1: heldForBattle('USA'),
  25: heldForBattle('USA'),
  38: heldForBattle('USA'),
  47: heldForBattle('USA'),
}
