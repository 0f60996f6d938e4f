// Ships a card names for the rest of the game or the turn (PB 23): the raiders the Confederacy places
// in a European port in its build (#63 the Alabama, #64 the Shenandoah, #74 the Stonewall), the
// ironclad #75 puts in a port of the Carolina and Virginia coasts (the Albemarle, free to sail the
// three coastal zones it names), and what becomes of a name when its ship is gone: the card leaves
// the game for those four, and is otherwise put where its text sends it.
import type { CardEffect } from './cardTypes.ts'
import { holder, spacesOf } from './cardPlaces.ts'
import type { RebelPack } from './pack.ts'
import type { RrState } from './state.ts'
import { settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import { REMOVED_WHEN_SUNK } from './battleCardTable.ts'

const EUROPEAN_PORTS = ['FREN', 'SPAI']

/** #63, #64, #74: a free raider in a European port, named for as long as it is afloat. */
function namedRaider(words: string): CardEffect {
  return {
    phases: ['csa-build'],
    check: (s, pack, _side, play) => {
      if (!play.at || !EUROPEAN_PORTS.includes(play.at))
        return `name the European port: PLAY ${play.card} AT ${EUROPEAN_PORTS.join(' or AT ')}`
      if (s.control[play.at] === 'USA') return `a Union control marker closes ${play.at} (#55)`
      const cap = pack.pieces.types.find((t) => t.type === 'raider')?.max ?? Number.POSITIVE_INFINITY
      return s.pieces.filter((p) => p.type === 'raider').length >= cap ? `all ${cap} raiders are on the map` : null
    },
    apply(run, _side, play) {
      const p = run.add('CSA', 'raider', play.at!)
      run.s.named.push({ ship: p.id, card: play.card, until: 'afloat' })
      run.say(
        `#${play.card}`,
        `${p.id}, the ${run.cardName(play.card).replace(/^CSS /, '')}, puts to sea from ${run.name(play.at!)}: ${words}.`,
        play.at,
      )
    },
  }
}

/** #75: the Confederate ports whose blockade station opens on one of the card's zones. */
export function albemarlePorts(pack: RebelPack): string[] {
  const zones = spacesOf(pack, 75)
  return pack.map.spaces
    .filter((sp) => sp.kind === 'oceanPort' && pack.map.has(`${sp.id}.BS`))
    .filter((sp) => pack.map.neighbours(`${sp.id}.BS`).some((n) => zones.includes(n)))
    .map((sp) => sp.id)
}

/** The spaces a named ship may enter beyond its ship table: the Albemarle's three coastal zones (#75). */
export function namedWaters(s: RrState, pack: RebelPack): Record<string, string[]> {
  return Object.fromEntries(s.named.filter((n) => n.card === 75).map((n) => [n.ship, spacesOf(pack, 75)]))
}

export const NAMED_RAIDER_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #75 CSS Albemarle: at the start of a Confederate move, a free ironclad named for as long as it is afloat.
  75: {
    phases: ['csa-move'],
    atStart: true,
    check: (s, pack, _side, play) => {
      const ports = albemarlePorts(pack).filter((p) => holder(s, pack, p) === 'CSA')
      return play.at && ports.includes(play.at) ? null : `name a Confederate port for it: PLAY 75 AT ${ports.join('|')}`
    },
    apply(run, _side, play) {
      const p = run.add('CSA', 'ironclad', play.at!)
      run.s.named.push({ ship: p.id, card: 75, until: 'afloat' })
      run.say(
        '#75',
        `${p.id}, the Albemarle, lies in ${run.name(play.at!)}: it may sail ${spacesOf(run.pack, 75).join(', ')}, adds 1 to its combat dice and shrugs off its first hit in each battle.`,
        play.at,
      )
    },
  },
  63: namedRaider('it adds 1 to its combat and speed rolls for the rest of the game'),
  64: namedRaider('it adds 2 to its raids for the rest of the game'),
  74: namedRaider(
    'it moves as a raider, rolls for speed and fights as an ironclad, and shrugs off its first hit in each battle',
  ),
}

/** As a phase ends: the names of ships no longer on the map lapse, and their cards go out of the game or where their text sends them. */
export function pruneNames(run: PhaseRun): void {
  for (const named of [...run.s.named]) {
    if (run.s.pieces.some((p) => p.id === named.ship)) continue
    run.s.named = run.s.named.filter((n) => n !== named)
    delete run.s.speedBonus[named.ship]
    const def = run.pack.cards.get(named.card)
    if (!def) continue
    const t = run.s.cards[def.side]
    t.inPlay = t.inPlay.filter((c) => c !== named.card)
    const after = REMOVED_WHEN_SUNK.includes(named.card)
      ? 'remove'
      : def.afterUse === 'held' || def.afterUse === 'retain'
        ? 'discard'
        : def.afterUse
    settlePlayed(run, def.side, named.card, after)
    run.say(
      `#${named.card}`,
      `${named.ship} is gone: #${named.card} ${def.name} ${after === 'remove' ? 'leaves the game' : 'goes to the discards'}.`,
    )
  }
}
