// The tables of the optional rules (PB 18) as the data pack holds them (`data/optional-rules.json`):
// the Union Resolve chits and weights, the Yankee Industry and militia dice, the privateers' port and
// named raiders, the cards the Lion's Roar may keep, the Union repair yards, Lee's Virginia.
import { z } from 'zod'

const int = z.number().int()
const space = z.string().regex(/^[A-Z0-9]{4}$/)
const provenance = { src: z.string().min(1), provenance: z.enum(['rules', 'reconstructed', 'ruling', 'placeholder']) }
const byDie = z.array(int.min(0)).length(6)

export const optionalTablesSchema = z
  .object({
    id: z.string(),
    source: z.string().min(1),
    unionResolve: z.object({
      chits: z.array(int.min(1)).min(1),
      fourChit: int.min(1),
      chitsByYear: z.record(z.string(), int.min(0)),
      weights: z.record(space, int.min(1)),
      allHeld: z.array(z.object({ spaces: z.array(space).min(2), each: int.min(1) })),
      trackCap: int.min(1),
      ...provenance,
    }),
    yankeeIndustry: z.object({ buildsByDie: byDie, vpPerBuild: int.min(0), ...provenance }),
    militia: z.object({ diceByDie: byDie, ...provenance }),
    privateers: z.object({ port: space, namedRaiders: z.array(int), ...provenance }),
    lionsRoar: z.object({ cards: z.array(int), ...provenance }),
    repairs: z.object({ unionYards: z.array(space).min(1), ...provenance }),
    leeGoesWest: z.object({ virginia: z.array(space).min(1), ...provenance }),
  })
  .strict()

export type OptionalTables = z.infer<typeof optionalTablesSchema>
