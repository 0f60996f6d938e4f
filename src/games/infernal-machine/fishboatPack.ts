// Fishboat components (Cyclopedia, Rule Book p.47) and persona cards (p.22, p.39-40): what a boat
// is built from and who crews and funds it.
import { z } from 'zod'
import { stripAll } from './missionPack.ts'
import type { ProvenanceMap } from './provenance.ts'
import { CHARGE_SIZES } from './terms.ts'

const int = z.number().int()
export const PART_KINDS = [
  'prow',
  'stern',
  'section',
  'hatch',
  'steeringLink',
  'propeller',
  'shroud',
  'divePlanes',
  'ballastTank',
  'levelTank',
  'snorkel',
  'keelWeights',
  'airlock',
  'boilerEngine',
  'magneticEngine',
  'anthracite',
  'longSpar',
  'shortSpar',
  'towCord',
  'diver',
  'charge',
] as const
export type PartKind = (typeof PART_KINDS)[number]

const component = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PART_KINDS),
    cost: int,
    expertise: int,
    weight: int,
    crew: int.optional(),
    crewSlots: int.optional(),
    concussion: int.optional(),
    red: int.optional(),
    size: z.enum(CHARGE_SIZES).optional(),
  })
  .strict()

export const SKILLS = ['steering', 'repair', 'mechanical'] as const
const persona = z
  .object({
    id: z.string(),
    name: z.string(),
    deck: z.enum(['investor', 'mechanic', 'journeyman', 'sailor']),
    sides: z.array(z.enum(['CSA', 'USA'])).min(1),
    strength: int,
    skills: z.array(z.enum(SKILLS)),
    expertise: int,
    hire: int,
    ironNerves: z.boolean().optional(),
    spirited: z.boolean().optional(),
    teamwork: z.boolean().optional(),
    mustSteer: z.boolean().optional(),
    targetBonus: int.optional(),
    towBonus: int.optional(),
    commission: int.optional(),
    black: int.optional(),
    red: int.optional(),
    funds: int.optional(),
    infusion: int.optional(),
  })
  .strict()

export const fishboatSchema = z
  .object({ id: z.string(), label: z.string(), components: z.array(component), personae: z.array(persona) })
  .strict()
export type Component = z.infer<typeof component>
export type Persona = z.infer<typeof persona>
export type Skill = (typeof SKILLS)[number]

export function loadFishboat(raw: unknown, provenance: ProvenanceMap): z.infer<typeof fishboatSchema> {
  return fishboatSchema.parse(stripAll('fishboat', raw, provenance))
}
