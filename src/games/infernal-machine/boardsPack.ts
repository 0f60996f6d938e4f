// Mission Boards (Rule Book p.15-18, p.29, p.35): positions with their bottom depth, launch sides,
// eyes, targets and obstructions; two-way connections; season boxes and drift tables.
import { z } from 'zod'
import { stripAll } from './missionPack.ts'
import type { ProvenanceMap } from './provenance.ts'
import { DRIFTS, ELEVATIONS } from './terms.ts'

const int = z.number().int()
const side = z.enum(['CSA', 'USA'])
/** Attack values for surface, awash, below shallow (p.10). */
const eyes = z.tuple([int, int, int])
const ranges = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.tuple([int.min(1).max(10), z.enum(values)])).min(1)

const position = z
  .object({
    id: z.string(),
    name: z.string(),
    bottom: z.enum(ELEVATIONS),
    launch: z.array(side).optional(),
    launchTow: z.boolean().optional(),
    friendlyEyes: z.boolean().optional(),
    enemyEyes: z.object({ CSA: eyes.optional(), USA: eyes.optional() }).strict().optional(),
    side: z.enum(['sea', 'shore']),
    targets: z.array(z.object({ marker: z.string(), modifier: int, dn: z.boolean().optional() }).strict()).optional(),
    obstruction: side.optional(),
    navArrows: int.optional(),
    /** The neighbour the ebb or flood tide carries a drifting boat to (p.29). */
    ebb: z.string().optional(),
    flood: z.string().optional(),
  })
  .strict()

const ATMOSPHERICS = ['none', 'rain', 'haze', 'fog', 'drizzle', 'mist', 'snow', 'sleet', 'gust'] as const
const seasonBox = z
  .object({
    visibility: ranges(['bright', 'dim', 'inky'] as const),
    drift: ranges(DRIFTS),
    atmospherics: ranges(ATMOSPHERICS),
  })
  .strict()

const board = z
  .object({
    id: z.string(),
    name: z.string(),
    tidal: z.boolean(),
    easyEscape: z.boolean(),
    enemy: z.boolean(),
    positions: z.array(position).min(1),
    connections: z.array(z.object({ from: z.string(), to: z.string() }).strict()),
    seasons: z.object({ winter: seasonBox, spring: seasonBox, summer: seasonBox, autumn: seasonBox }).strict(),
    drift: z
      .array(z.object({ side: z.enum(['sea', 'shore']), strong: z.string(), weak: z.string(), calm: z.string() }))
      .length(2),
    tow: z.literal('standard'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const ids = new Set(b.positions.map((p) => p.id))
    const joined = (a: string, z: string) =>
      b.connections.some((c) => (c.from === a && c.to === z) || (c.from === z && c.to === a))
    for (const c of b.connections)
      for (const end of [c.from, c.to])
        if (!ids.has(end)) ctx.addIssue({ code: 'custom', message: `${b.id}: connection names ${end}` })
    for (const p of b.positions)
      for (const to of [p.ebb, p.flood])
        if (to && !joined(p.id, to))
          ctx.addIssue({ code: 'custom', message: `${b.id}/${p.id}: drifts to ${to}, not joined` })
    for (const [name, box] of Object.entries(b.seasons))
      for (const [cond, list] of Object.entries(box))
        if (list.at(-1)?.[0] !== 10)
          ctx.addIssue({ code: 'custom', message: `${b.id} ${name} ${cond}: ends before 10` })
  })

export const boardsSchema = z.object({ id: z.string(), label: z.string(), boards: z.array(board).min(1) }).strict()
export type MissionBoard = z.infer<typeof board>
export type Position = z.infer<typeof position>
export type SeasonBox = z.infer<typeof seasonBox>
export type Atmospherics = (typeof ATMOSPHERICS)[number]

export function loadBoards(raw: unknown, provenance: ProvenanceMap): z.infer<typeof boardsSchema> {
  return boardsSchema.parse(stripAll('boards', raw, provenance))
}
