// The picks inside a card that the card's text leaves to its player (PB 23), asked as questions once
// the moment comes, each with the default of ruling RR-D1: which Union gunboat rams for #38, which
// battery #25 silences and in which round, which face-up Union card #58 and #97 take away, and
// whether #110 forces #54 out or strengthens the batteries.
import type { Unit } from './combat.ts'
import type { PhaseRun } from './phaseRun.ts'

const asked = (run: PhaseRun, card: number, at: string, more = '') =>
  `card-${card}-${at}${more}-turn-${run.s.turn}-${run.s.phase}`

/**
 * #38: the gunboat that rams. The one its `PLAY 38 AT <gunboat>` names when it fights here; else, with
 * several, the Union's answer, by default the first listed.
 */
export function ramGunboat(run: PhaseRun, where: string, gunboats: Unit[], named?: string): Unit {
  const chosen = gunboats.find((u) => u.id === named)
  if (chosen || gunboats.length === 1) return chosen ?? gunboats[0]!
  const id = run.ask({
    decisionId: asked(run, 38, where),
    role: 'union',
    question: `Queen of the West (#38) in ${run.name(where)}: which of your gunboats is the ram?`,
    options: gunboats.map((u) => ({ id: u.id, label: u.id })),
    defaultOption: gunboats[0]!.id,
    situation: [
      `Without an answer ${gunboats[0]!.id} rams (ruling RR-D1). PLAY 38 AT <gunboat> names it in advance; its AIM order names the target.`,
    ],
  })
  return gunboats.find((u) => u.id === id)!
}

/**
 * #25: the battery that fires at the decoy in round `n`, or null to wait for a later round. The
 * Union's answer at the start of each round until it is used; by default the first battery listed,
 * at once.
 */
export function decoyedBattery(run: PhaseRun, where: string, n: number, batteries: Unit[]): string | null {
  if (!batteries.length) return null
  const id = run.ask({
    decisionId: asked(run, 25, where, `-round-${n}`),
    role: 'union',
    question: `Black Terror (#25) in ${run.name(where)}, round ${n}: which Confederate battery fires at the decoy this round, or WAIT for a later round?`,
    options: [...batteries.map((u) => ({ id: u.id, label: u.id })), { id: 'WAIT', label: 'a later round' }],
    defaultOption: batteries[0]!.id,
    situation: [`Without an answer ${batteries[0]!.id} is silenced this round (ruling RR-D1).`],
  })
  return id === 'WAIT' ? null : id
}

/**
 * #58 and #97: which of the Union's face-up cards goes, when more than one could. The Confederate's
 * answer; by default the first in the card's own list.
 */
export function faceUpPick(run: PhaseRun, card: number, faceUp: number[], where = ''): number | undefined {
  if (faceUp.length < 2) return faceUp[0]
  const id = run.ask({
    decisionId: asked(run, card, where || 'play'),
    role: 'confederate',
    question: `${run.cardName(card)} (#${card}): which Union card face up goes?`,
    options: faceUp.map((c) => ({ id: String(c), label: `#${c} ${run.cardName(c)}` })),
    defaultOption: String(faceUp[0]),
    situation: [`Without an answer #${faceUp[0]} ${run.cardName(faceUp[0]!)} goes (ruling RR-D1).`],
  })
  return Number(id)
}

/**
 * #110 with #54 Dupont face up: force it out, or have every battery add 1 in the first round. The
 * Confederate's answer; by default Dupont goes (a lasting card outweighs a round's +1).
 */
export function hulksForceDupont(run: PhaseRun, where: string): boolean {
  const id = run.ask({
    decisionId: asked(run, 110, where),
    role: 'confederate',
    question: `Hulks, Rafts & Chains (#110) in ${run.name(where)}: force #54 Samuel Francis Dupont into the Union discards, or have every battery add 1 to its dice in the first round?`,
    options: [
      { id: 'DUPONT', label: 'force #54 Dupont into the discards' },
      { id: 'BATTERIES', label: 'every battery adds 1 in the first round' },
    ],
    defaultOption: 'DUPONT',
    situation: ['Without an answer Dupont goes (ruling RR-D1).'],
  })
  return id === 'DUPONT'
}
