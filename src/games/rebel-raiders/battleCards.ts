// The cards that act in a naval combat (PB 23, in our own words): named ships with their strengths,
// free Confederate ironclads placed in a port as the Union attacks it, rams before the first round,
// and the cards of a ship-versus-battery combat. A card reaches a battle two ways: written as
// `PLAY <card> [AT <ship or space>]` in its owner's move (held in the hand until a battle where it
// can act comes in that phase), or standing as `REACT <card> [AT <space>|ALL]` for any phase. The
// attacker's cards come first, then the defender's (17.23).
import { onlyRoles } from '../contract.ts'
import type { CardEffect } from './cardTypes.ts'
import type { RoundStart, Unit } from './combat.ts'
import { settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { PieceType, Side } from './setup.ts'
import { roleOf } from './state.ts'
import { BATTLE_CARD_SIDES, type BattleCards, NAMINGS, SCENES, type Scene, shipName } from './battleCardTable.ts'
import { candidates, takeCard } from './battleCardPlay.ts'
import { discardFromPlay } from './cards.ts'
import { housatonicInBattle, yankeeGuns } from './rerollCards.ts'
import { commandersCards, placeIronclads, ramWithManassas, sceneCard, sparesFor } from './battleCardEffects.ts'

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
  const playScenes = (side: Side) => {
    for (const c of candidates(run, side, scene, (n) => SCENES[n]?.side === side)) {
      if (!SCENES[c.card]!.fits(run, scene)) continue
      if (!takeCard(run, side, c, scene.where)) continue
      played.push({ card: c.card, side })
      const effect = sceneCard(run, scene, c.card, foes(side), own(side), brokenDown, c.at)
      if (effect.round) rounds.push(effect.round)
      if (c.card === 47) forceCombined = true
      const after = run.pack.cards.get(c.card)!.afterUse
      settlePlayed(run, side, c.card, after === 'held' ? 'discard' : after)
    }
  }
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
      if (!takeCard(run, side, c, scene.where)) continue
      settlePlayed(run, side, c.card, 'held')
      run.s.named.push({ ship: ship.id, card: c.card, until: naming.until })
      ship.card = { ...ship.card, ...naming.strengths }
      if (naming.asIronclad) ship.type = 'ironclad'
      played.push({ card: c.card, side })
      run.say(`#${c.card}`, `${ship.id} is the ${shipName(run, c.card)}: it ${naming.words}.`, scene.where)
    }
    if (side === 'CSA' && scene.attackerSide === 'USA') placeIronclads(run, scene, played)
    playScenes(side)
  }
  // The attacker may answer what the defender's cards made of the battle (17.2's example: #47 once
  // #70 or #72 has brought a Confederate ironclad in).
  playScenes(order[0]!)
  // #54 face up acts by itself in the turn's first fitting combat.
  if (run.s.cards.USA.inPlay.includes(54) && !played.some((p) => p.card === 54) && SCENES[54]!.fits(run, scene)) {
    const effect = sceneCard(run, scene, 54, scene.defenders, scene.attackers, brokenDown)
    if (effect.round) rounds.push(effect.round)
  }
  commandersCards(run, scene, opts.sortieFirst)
  ramWithManassas(run, scene)
  sparesFor(run, scene, played)
  housatonicInBattle(run, scene, played)
  // Last, so that the allowance adds to what the other cards set for the round.
  const guns = yankeeGuns(run, scene)
  if (guns) rounds.push(guns)
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
        // A name for the battle lapses now; the names of ships lost are settled as the phase ends (pruneNames).
        if (named.until === 'battle' && !sunk.has(u.id) && !lost.includes(u.id)) {
          run.s.named = run.s.named.filter((n) => n !== named)
          discardFromPlay(run, BATTLE_CARD_SIDES[named.card] ?? u.side, named.card)
        } else if (named.card === 86 && u.card?.ignoresHits !== undefined) named.ignoresLeft = u.card.ignoresHits
      }
    },
  }
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
  27: heldForBattle('USA', 'sloop'),
  1: heldForBattle('USA'),
  25: heldForBattle('USA'),
  38: heldForBattle('USA', 'gunboat'),
  54: heldForBattle('USA'),
  47: heldForBattle('USA'),
}
