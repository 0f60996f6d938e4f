// What the battle cards do at a battle's start (PB 23): the commanders' cards, the free Confederate
// ironclads and the Manassas' ram, the sloops' spare cards, and the cards that change a whole battle.
import { PUBLIC } from '../contract.ts'
import type { RoundStart, Unit, UnitType } from './combat.ts'
import { discardFromPlay, settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import { aimedTarget } from './aims.ts'
import type { Side } from './setup.ts'
import {
  PLACED,
  SPARES,
  type Scene,
  csaUnits,
  isBattery,
  shipName,
  strongest,
  unionUnits,
  unitWithCards,
} from './battleCardTable.ts'
import { candidates, takeCard } from './battleCardPlay.ts'
import { decoyedBattery, hulksForceDupont, ramGunboat } from './cardPicks.ts'

/**
 * The cards kept face up with a commander act where his ships fight: #37 the Hartford, one of
 * Farragut's sloops, shrugs off one hit a battle; #2 Porter's mortar boats, where Porter has a gunboat
 * against batteries, roll two dice before the first round, each 6 destroying a battery (not when the
 * defender sorties in the first round: ruling RR-K9).
 */
export function commandersCards(run: PhaseRun, scene: Scene, sortieFirst = false): void {
  const inPlay = run.s.cards.USA.inPlay
  const withCommander = (name: string, type: UnitType, free = false) =>
    unionUnits(scene).find(
      (u) =>
        u.type === type &&
        (run.s.commanders[name] ?? []).includes(u.id) &&
        !(free && run.s.named.some((n) => n.ship === u.id)),
    )
  // The Hartford is one of his sloops that no other card names (a ship is one named ship at most).
  const hartford = inPlay.includes(37)
    ? (withCommander('FARRAGUT', 'sloop', true) ?? withCommander('FARRAGUT', 'sloop'))
    : undefined
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

/** #70, #71, #86: the Confederate player places a free named ironclad in the port the Union attacks. */
export function placeIronclads(run: PhaseRun, scene: Scene, played: { card: number; side: Side }[]): void {
  const kind = run.space(scene.where).kind
  for (const c of candidates(run, 'CSA', scene, (n) => !!PLACED[n])) {
    const placed = PLACED[c.card]!
    const warships = run.piecesAt(scene.where, 'CSA', ['gunboat', 'ironclad', 'raider']).length
    if (!placed.ports.includes(kind) || warships >= run.pack.pieces.stacking.warshipsPerSidePerSpace) continue
    if (!takeCard(run, 'CSA', c, scene.where)) continue
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

/**
 * #71: the Manassas rams a Union ship as a naval combat begins: it sinks if the Confederate die is higher.
 * The target is the Confederate player's: his AIM order for the Manassas, else the strongest ship.
 */
export function ramWithManassas(run: PhaseRun, scene: Scene): void {
  const manassas = csaUnits(scene).find((u) => run.s.named.some((n) => n.ship === u.id && n.card === 71))
  if (!manassas) return
  const ships = unionUnits(scene).filter((u) => !isBattery(u))
  const target = aimedTarget(run.s, 'CSA', manassas, ships) ?? strongest(ships)
  if (!target) return
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

/** #23, #26: a Union sloop's first hit is shrugged off by the card, played by the judge as the hit lands. */
export function sparesFor(run: PhaseRun, scene: Scene, played: { card: number; side: Side }[]): void {
  for (const sloop of unionUnits(scene).filter((u) => u.type === 'sloop' && !u.card?.ignoresHits)) {
    const spare = (): boolean => {
      if (run.s.named.some((n) => n.ship === sloop.id && (SPARES as readonly number[]).includes(n.card))) return false
      const c = candidates(run, 'USA', scene, (n) => (SPARES as readonly number[]).includes(n)).find(
        (x) => !x.at || x.at === sloop.id || x.at === scene.where,
      )
      if (!c) return false
      if (!takeCard(run, 'USA', c, scene.where)) return false
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
export function sceneCard(
  run: PhaseRun,
  scene: Scene,
  card: number,
  foes: Unit[],
  own: Unit[],
  brokenDown: Set<string>,
  named?: string,
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
    case 25: {
      run.say('#25', 'Black Terror: one battery wastes a round on a decoy.', scene.where)
      let used = false
      return {
        round: (n) => {
          if (used) return {}
          const id = decoyedBattery(run, scene.where, n, batteries())
          const b = batteries().find((u) => u.id === id)
          if (!b) return {}
          used = true
          b.now = { ...b.now, holdsFire: true }
          return { notes: [`${b.id} fires at the decoy`] }
        },
      }
    }
    case 38: {
      const ram = ramGunboat(
        run,
        scene.where,
        own.filter((u) => u.type === 'gunboat'),
        named,
      )
      // The target is the Union player's: his AIM order for the ram, else the strongest ship.
      const ships = foes.filter((u) => !isBattery(u))
      const target = (aimedTarget(run.s, 'USA', ram, ships) ?? strongest(ships))!
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
      // With #54 face up the Confederate player chooses: force it out, or the batteries' +1.
      const t = run.s.cards.USA
      if (t.inPlay.includes(54) && hulksForceDupont(run, scene.where)) {
        discardFromPlay(run, 'USA', 54)
        run.say(
          '#110',
          'Hulks, Rafts & Chains: #54 Samuel Francis Dupont is forced into the Union discards.',
          scene.where,
        )
        return {}
      }
      run.say('#110', 'Hulks, Rafts & Chains: every battery adds 1 to its dice in the first round.', scene.where)
      return { round: (n) => boostBatteries(batteries(), n, { dieBonus: 1 }) }
    }
    case 54:
      return dupont(run, scene)
  }
  return {}
}

/**
 * #54 Samuel Francis Dupont, face up once played: in one ship-versus-battery combat a turn each
 * battery rolls a die fewer in the first round (unless #110 forced the card out before it); a lost
 * assault there sends the card to the discards (landCombat.ts).
 */
export function dupont(run: PhaseRun, scene: Scene): { round: (n: number) => RoundStart } {
  run.s.thisTurn.push('used:54', `dupont:${scene.where}`)
  run.say('#54', 'Dupont: each battery rolls a die fewer in the first round.', scene.where)
  return {
    round: (n) =>
      run.s.cards.USA.inPlay.includes(54)
        ? boostBatteries(scene.defenders.filter(isBattery), n, { diceDelta: -1 })
        : {},
  }
}

export function boostBatteries(
  batteries: Unit[],
  n: number,
  orders: { diceDelta?: number; dieBonus?: number },
): RoundStart {
  if (n !== 1) return {}
  for (const b of batteries) b.now = { ...b.now, ...orders }
  return {}
}
