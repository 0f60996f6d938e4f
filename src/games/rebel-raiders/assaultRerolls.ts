// The Union's choices with its assault reroll cards (PB 23 #4, #5, #7), asked once the dice are known:
// which of its own dice #4 or #5 rolls again ("any or all"), which Confederate die #7 has rolled again,
// or neither, keeping the card in the hand. The defaults are ruling RR-D1's.
import type { AssaultRoll } from './assault.ts'
import type { PhaseRun } from './phaseRun.ts'

/** A free answer naming dice by number (1,3), ALL or NONE, normalised; null when it names none of `n` dice. */
export function readDiceAnswer(text: string, n: number): string | null {
  const t = text.trim().toUpperCase()
  if (t === 'ALL') return Array.from({ length: n }, (_, i) => i + 1).join(',')
  if (t === 'NONE') return 'NONE'
  const picks = t.split(/[\s,]+/).filter(Boolean)
  const numbers = picks.map(Number)
  if (!picks.length || numbers.some((x) => !Number.isInteger(x) || x < 1 || x > n)) return null
  if (new Set(numbers).size < numbers.length) return null
  return [...numbers].sort((a, b) => a - b).join(',')
}

const decisionId = (run: PhaseRun, card: number, target: string) =>
  `card-${card}-${target}-turn-${run.s.turn}-${run.s.phase}`

/** The state of the assault as the Union sees it when asked. */
const standing = (r: AssaultRoll) =>
  `Union ${r.union.dice.join(',')} = ${r.union.total}; Confederate ${r.csa.dice.join(',')} = ${r.csa.total}: the Union is ${r.unionWins ? 'winning' : 'losing'}.`

/**
 * #4, #5: the indices of the Union dice rolled again, or null to keep the card. The Union's answer;
 * by default every die while it is losing, and none (the card kept) while it wins.
 */
export function ownDiceToRoll(run: PhaseRun, target: string, card: number, r: AssaultRoll): number[] | null {
  const n = r.union.dice.length
  const byDefault = r.unionWins ? 'NONE' : readDiceAnswer('ALL', n)!
  const answer = run.ask(
    {
      decisionId: decisionId(run, card, target),
      role: 'union',
      question: `${run.cardName(card)} (#${card}) at ${run.name(target)}: which of your dice are rolled again? Name them by number (e.g. 1,3), ALL, or NONE to keep the card in your hand.`,
      options: [
        { id: 'ALL', label: 'roll again every Union die' },
        { id: 'NONE', label: 'roll nothing; the card goes back to your hand' },
        ...r.union.dice.map((d, i) => ({ id: String(i + 1), label: `roll again die ${i + 1} (${d}) alone` })),
      ],
      defaultOption: byDefault,
      answer: 'text',
      form: '<die>[,<die>...] | ALL | NONE',
      context: { dice: n },
      situation: [standing(r), `Without an answer: ${r.unionWins ? 'NONE' : 'ALL'} (ruling RR-D1).`],
    },
    (a) => readDiceAnswer(a, n) !== null,
  )
  const picked = readDiceAnswer(answer, n) ?? byDefault
  return picked === 'NONE' ? null : picked.split(',').map((x) => Number(x) - 1)
}

/**
 * #7: the index of the Confederate die rolled again, or null to keep the card. The Union's answer; by
 * default the high die while it is losing, and none (the card kept) while it wins.
 */
export function csaDieToRoll(run: PhaseRun, target: string, r: AssaultRoll): number | null {
  const c = r.csa.dice
  const high = String(c.indexOf(Math.max(...c)) + 1)
  const answer = run.ask({
    decisionId: decisionId(run, 7, target),
    role: 'union',
    question: `${run.cardName(7)} (#7) at ${run.name(target)}: which Confederate die is rolled again, or NONE to keep the card in your hand?`,
    options: [
      ...c.map((d, i) => ({ id: String(i + 1), label: `roll again Confederate die ${i + 1} (${d})` })),
      { id: 'NONE', label: 'roll nothing; the card goes back to your hand' },
    ],
    defaultOption: r.unionWins ? 'NONE' : high,
    situation: [standing(r), `Without an answer: ${r.unionWins ? 'NONE' : `die ${high}, the highest`} (ruling RR-D1).`],
  })
  return answer === 'NONE' ? null : Number(answer) - 1
}
