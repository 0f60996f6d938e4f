// PB 18.36 The Lion's Roar: Europe turns from the Confederacy less than the Emancipation would have
// it. As the Proclamation comes, Royal Navy (#62) and Maximillian (#61) in play and each of the two
// 2-VP cargo markers it takes away roll a die: a 6 (+1 while the Confederacy holds 16 of its cities)
// keeps it. And each Confederate build opens with a free runner in a port under the British flag
// (the map's flags are not in the text: ruling RR-O9 names them in the map pack).
import { PUBLIC } from '../contract.ts'
import { usesRule } from './optionalRules.ts'
import type { PhaseRun } from './phaseRun.ts'
import { confederateCities } from './supply.ts'

/** The 2-VP cargo markers the Emancipation takes away (17.33). */
const MARKERS_TAKEN = 2

/** 18.36 around the Emancipation's removals (`remove`): the dice, and what a 6 keeps. */
export function withLionsRoar(run: PhaseRun, remove: () => void): void {
  if (!usesRule(run.s, '18.36')) return remove()
  const held = confederateCities(run.pack.map).filter((id) => run.holder(id) === 'CSA').length
  const plus = held >= 16 ? 1 : 0
  const survives = (what: string, label: string) => {
    const die = run.dice.roll(`18.36 ${label}`, 6, PUBLIC)
    const kept = die + plus >= 6
    run.say('18.36', `The Lion's Roar for ${what}: die ${die}${plus ? ' + 1' : ''}, ${kept ? 'it stays' : 'it goes'}.`)
    return kept
  }
  const t = run.s.cards.CSA
  const cards = run.pack.optional.lionsRoar.cards
    .filter((c) => t.inPlay.includes(c))
    .filter((c) => survives(`#${c} ${run.cardName(c)}`, `card ${c}`))
  let markers = 0
  for (let i = 1; i <= MARKERS_TAKEN; i++) if (survives(`2-VP cargo marker ${i}`, `cargo marker ${i}`)) markers++
  remove()
  if (markers) (run.s.marks ??= {}).markersKept = markers
  for (const c of cards) {
    t.removed = t.removed.filter((r) => r !== c)
    t.inPlay.push(c)
    run.say('18.36', `#${c} ${run.cardName(c)} stays in play after all.`)
  }
}

/**
 * 18.36 as a Confederate build opens: a free runner in a port under the British flag, which one the
 * Confederate player's (the rule gives "any" such port): a question, by default the one with the
 * fewest Confederate runners (ruling RR-O9).
 */
export function lionsRunner(run: PhaseRun): void {
  if (!usesRule(run.s, '18.36') || run.s.finished) return
  const ports = run.pack.map.spaces.filter((s) => s.britishFlag).map((s) => s.id)
  const runners = (id: string) => run.piecesAt(id, 'CSA', ['runner']).length
  const first = [...ports].sort((a, b) => runners(a) - runners(b))[0]
  if (!first) return
  const at =
    ports.length < 2
      ? first
      : run.ask({
          decisionId: `lions-runner-turn-${run.s.turn}`,
          role: 'confederate',
          question: "The Lion's Roar (18.36): in which port under the British flag is your free runner placed?",
          options: [first, ...ports.filter((p) => p !== first)].map((p) => ({ id: p, label: run.name(p) })),
          defaultOption: first,
          situation: [`Without an answer it goes to ${run.name(first)}, the one with the fewest of your runners.`],
        })
  const p = run.add('CSA', 'runner', at)
  run.say('18.36', `The Lion's Roar: a free runner ${p.id} in ${run.name(at)}.`, at)
}
