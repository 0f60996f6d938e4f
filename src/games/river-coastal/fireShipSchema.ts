// The data-pack shapes of fire ships, explosive ships and tugboats (rulebook §9 L539-559, §7 L479;
// rulings RC-66 to RC-71): the dice of ignition, catching fire, fire-fighting and detonation, and the
// part a ship class plays. Kept apart from packSchema.ts, which imports them.
import { z } from 'zod'

// packSchema.ts's provenance pattern, restated: importing it back would make the two modules a circle.
const src = z.string().regex(/^(rules §\d|digest §\d|ruling RC-\d|hist|placeholder)/)
const faces = z.array(z.number().int().min(1).max(6))
const sourced = <T extends z.ZodType>(s: T) => z.union([s, z.object({ v: s, src }).strict()])
const table = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, src: src.optional() }).strict()
const category = z.enum(['lightCraft', 'wooden', 'armouredRiver', 'ironclad', 'heavyIronclad'])

export const fireShipsTableSchema = table({
  /** §9 L543: the D6 faces that set a fire ship alight. */
  igniteOn: faces,
  /** §9 L547-549: a ship touching a burning fire ship catches fire on these faces. */
  catchFire: table({ ironclad: faces, other: faces }),
  /** §9 L551-553: attempts to put the fire out, and the faces that do it. */
  extinguish: table({ attempts: z.number().int().min(1), ironclad: faces, other: faces }),
  /** §9 L557: the D6 faces that set an explosive ship off. */
  detonateOn: faces,
  /** Ruling RC-68: "ironclads" of L547 and L553 are these penetration categories. */
  ironcladCategories: sourced(z.array(category)),
  /** Ruling RC-68: hulls this close count as touching (the boarding gap). */
  touchInches: sourced(z.number().min(0)),
})

/** Ruling RC-66: the part a class plays; fire and explosive ships have no engine of their own. */
export const shipRoleSchema = sourced(z.enum(['tug', 'fireShip', 'explosiveShip'])).optional()
