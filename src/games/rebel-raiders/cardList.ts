// The card list of the data pack (PB 23, restated in our own words in data/cards.json): what each
// of the 110 cards is, whose it is, in which years and windows it may be played and where it goes
// after use. The effects themselves are rules code; this list is what reports and orders name.
import { z } from 'zod'

/** Where a played card goes (17.23): 'reshuffle' is that card alone back into the draw pile at once. */
export const AFTER_USE = ['discard', 'retain', 'remove', 'reshuffle', 'reshuffle-next-turn', 'held'] as const

const cardSchema = z
  .object({
    number: z.number().int().min(1).max(110),
    name: z.string().min(1),
    side: z.enum(['USA', 'CSA']),
    years: z.object({ from: z.number().int().min(1861).max(1865), to: z.number().int().min(1861).max(1865) }),
    window: z.enum(['own', 'opp', 'both', 'build', 'any']),
    timing: z.string().min(1),
    effect: z.string().min(1),
    /** The map spaces the card's text names, in its order (where it places, what it forbids). */
    spaces: z.array(z.string()).optional(),
    /** Spaces none of which the Union may hold when the card is played. */
    unionHoldsNone: z.array(z.string()).optional(),
    afterUse: z.enum(AFTER_USE),
    class: z.enum(['MOD', 'PLACE', 'RULE', 'INTER']),
    src: z.string().min(1),
    confidence: z.enum(['text', 'reconstructed']),
    note: z.string().optional(),
  })
  .refine((c) => c.years.from <= c.years.to, { message: 'years.from after years.to' })

export const cardListSchema = z
  .object({ id: z.string().min(1), source: z.string().min(1), cards: z.array(cardSchema).min(1) })
  .superRefine((list, ctx) => {
    const seen = new Set<number>()
    for (const c of list.cards) {
      if (seen.has(c.number)) ctx.addIssue({ code: 'custom', message: `card #${c.number} is listed twice` })
      seen.add(c.number)
    }
  })

export type CardList = z.infer<typeof cardListSchema>
export type CardDef = CardList['cards'][number]
