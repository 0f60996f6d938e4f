// Which drawn Persona cards a Recruit keeps (p.60, digest 5.6 R22), as a free answer to DECIDE:
// ALL, NONE, or the drawn cards' ids separated by commas. The question is put after the draw (at
// the halt point `recruit`), so the player chooses seeing the cards; the RECRUIT line's KEEP is
// the default until the answer comes.
import type { Decider } from './decider.ts'

export const RECRUIT_KEEP_FORM = 'ALL | NONE | <persona>[,<persona>]'

/** The answer in its normal form (ALL, NONE, or ids in draw order), or why it cannot be read. */
export function readRecruitKeep(text: string, drawn: readonly string[]): { answer: string } | { error: string } {
  const t = text.trim()
  if (/^all$/i.test(t)) return { answer: 'ALL' }
  if (/^none$/i.test(t)) return { answer: 'NONE' }
  const ids = t
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
  const stray = ids.find((id) => !drawn.includes(id))
  if (!ids.length || stray)
    return {
      error: `${stray ? `${stray} was not drawn; ` : ''}answer ${RECRUIT_KEEP_FORM} (drawn: ${drawn.join(', ')})`,
    }
  return { answer: drawn.filter((id) => ids.includes(id)).join(',') }
}

/** The default answer from the RECRUIT line's KEEP, among the cards drawn. */
export function keepOfOrder(keep: string[] | 'all', drawn: readonly string[]): string {
  if (keep === 'all') return 'ALL'
  const kept = drawn.filter((id) => keep.includes(id))
  return kept.length ? kept.join(',') : 'NONE'
}

/** The hiring test for an answer in normal form. */
export function keptBy(answer: string): (id: string) => boolean {
  if (answer === 'ALL') return () => true
  if (answer === 'NONE') return () => false
  const ids = answer.split(',')
  return (id) => ids.includes(id)
}

/** Puts the R22 choice to the Decider: the cards drawn are seen; the RECRUIT line's KEEP stands. */
export function askRecruitKeep(
  decider: Decider,
  key: string,
  keep: string[] | 'all',
  drawn: readonly string[],
): string {
  return decider.askFree({
    kind: 'recruit',
    key,
    question: `Recruit drew ${drawn.join(', ')}: which do you keep (${RECRUIT_KEEP_FORM})?`,
    form: RECRUIT_KEEP_FORM,
    examples: [
      { id: 'ALL', label: 'keep every card drawn' },
      { id: 'NONE', label: 'keep none (the Training Level stays)' },
      { id: drawn.join(','), label: 'the cards named' },
    ],
    context: { drawn: [...drawn] },
    given: keepOfOrder(keep, drawn),
    read: (text) => {
      const r = readRecruitKeep(text, drawn)
      return 'answer' in r ? r.answer : null
    },
  })
}
