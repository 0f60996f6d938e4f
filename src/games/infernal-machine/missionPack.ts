// The mission part of the data pack (Rule Book p.15-38): power grade, tow check, the Navigation and
// Discovery decks, the lower register, the Malfunction panel, repair kinds, leaks, rally, training.
import { z } from 'zod'
import type { ProvenanceMap } from './provenance.ts'
import { stripSrc } from './tacticalPack.ts'
import { DRIFTS, ELEVATIONS, MECHANISMS } from './terms.ts'

const int = z.number().int()
export const NAV_RESULTS = ['-', 'red', 'panic', 'drift', 'lost'] as const
export type NavResult = (typeof NAV_RESULTS)[number]
const navRow = z.array(z.enum(NAV_RESULTS)).length(5)

const tableCard = z.object({ id: z.string(), with: navRow, notWith: navRow, lower: z.string().nullable() }).strict()
const navCard = z.union([tableCard, z.object({ id: z.string(), slackWater: z.literal(true) }).strict()])

const lowerEffect = z
  .object({
    minElevation: z.enum(ELEVATIONS).optional(),
    maxElevation: z.enum(ELEVATIONS).optional(),
    noSnorkel: z.boolean().optional(),
    snorkel: z.boolean().optional(),
    drift: z.array(z.enum(DRIFTS)).optional(),
    panic: int.optional(),
    fatigue: int.optional(),
    gradeRight: int.optional(),
  })
  .strict()

/** A Discovery card cell: [detection value, target value] (ruling IM-19). */
const pair = z.tuple([int, int])
const discRow = z.array(pair).length(3)
const discoveryCard = z
  .object({
    id: z.string(),
    table: z.object({ surface: discRow, awash: discRow, below: discRow }).strict(),
    text: z
      .object({
        kind: z.enum([
          'none',
          'atmospherics',
          'visibility',
          'drift',
          'malf',
          'malfRandom',
          'malfMost',
          'malfPanicSpace',
        ]),
        mechanism: z.enum(MECHANISMS).optional(),
      })
      .strict(),
  })
  .strict()

const malfEffect = z
  .object({
    gradeRight: int.optional(),
    gradeE: z.boolean().optional(),
    panic: int.optional(),
    leak: int.optional(),
    inoperable: z.boolean().optional(),
    deadInWater: z.boolean().optional(),
  })
  .strict()

export const missionSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    powerGrade: z.object({ aTimes: int, bTimes: int }).strict(),
    engineGrade: z.array(z.object({ engine: z.string(), grade: z.enum(['A', 'B', 'C', 'D', 'E']) }).strict()),
    tow: z.array(z.object({ training: int, strong: int, weak: int, calm: int }).strict()).length(6),
    navCards: z.array(navCard).min(2),
    lowerRegister: z.array(z.object({ id: z.string(), effects: z.array(lowerEffect) }).strict()),
    discoveryCards: z.array(discoveryCard).min(1),
    malfunctions: z.array(
      z
        .object({
          lo: int.min(2),
          hi: int.max(20),
          mechanism: z.enum(MECHANISMS),
          redirect: z.enum(MECHANISMS).optional(),
          effects: z.array(malfEffect).length(3),
          repair: z.enum(['R1', 'R2', 'R3', 'R4', 'R5', 'R6']),
        })
        .strict(),
    ),
    repairKinds: z.array(
      z
        .object({
          id: z.string(),
          redAtOrBelow: z.enum(ELEVATIONS).optional(),
          takesBlack: z.boolean().optional(),
          red: int.optional(),
          engineFatigueFirst: z.boolean().optional(),
          maxElevation: z.enum(ELEVATIONS).optional(),
          panicIfHardCrank: z.boolean().optional(),
        })
        .strict(),
    ),
    cannotMalfunction: z.object({ mechanisms: z.array(z.enum(MECHANISMS)) }).strict(),
    leaks: z.object({ cubesPerUncontrolledLeak: int }).strict(),
    driftCheck: z.object({ detection: int }).strict(),
    boilerSave: z.object({ black: int, red: int }).strict(),
    rally: z.array(z.object({ training: int, markers: int }).strict()).length(6),
    trainingImprovement: z.array(
      z
        .object({
          from: int,
          distance: int,
          weapon: z.boolean(),
          detonated: z.boolean(),
          investorRatio: int,
          investorFunds: int,
        })
        .strict(),
    ),
  })
  .strict()
  .superRefine((m, ctx) => {
    // The panel must name exactly one mechanism for every 2d10 sum.
    for (let sum = 2; sum <= 20; sum++) {
      const n = m.malfunctions.filter((e) => e.lo <= sum && sum <= e.hi).length
      if (n !== 1) ctx.addIssue({ code: 'custom', message: `malfunction panel: sum ${sum} has ${n} entries` })
    }
  })

export type MissionData = z.infer<typeof missionSchema>
export type NavCard = MissionData['navCards'][number]
export type TableNavCard = z.infer<typeof tableCard>
export type DiscoveryCard = MissionData['discoveryCards'][number]
export type MalfunctionEntry = MissionData['malfunctions'][number]
export type LowerEffect = z.infer<typeof lowerEffect>

export function loadMission(raw: unknown, provenance: ProvenanceMap): MissionData {
  return missionSchema.parse(stripAll('mission', raw, provenance))
}

/** Records every src (by table and index) and drops it, for tables without split records. */
export function stripAll(name: string, raw: unknown, provenance: ProvenanceMap): unknown {
  const r = structuredClone(raw) as Record<string, unknown>
  for (const [table, value] of Object.entries(r)) {
    if (Array.isArray(value))
      r[table] = value.map((rec, i) =>
        rec && typeof rec === 'object' && !Array.isArray(rec)
          ? stripDeep(`${name}/${table}/${i}`, rec as Record<string, unknown>, provenance)
          : rec,
      )
    else if (value && typeof value === 'object')
      r[table] = stripDeep(`${name}/${table}`, value as Record<string, unknown>, provenance)
  }
  return r
}

function stripDeep(at: string, rec: Record<string, unknown>, provenance: ProvenanceMap): Record<string, unknown> {
  const out = 'src' in rec ? stripSrc(at, rec, provenance) : { ...rec }
  for (const [k, v] of Object.entries(out)) {
    if (Array.isArray(v))
      out[k] = v.map((x, i) =>
        x && typeof x === 'object' && !Array.isArray(x)
          ? stripDeep(`${at}/${k}/${i}`, x as Record<string, unknown>, provenance)
          : x,
      )
    else if (v && typeof v === 'object') out[k] = stripDeep(`${at}/${k}`, v as Record<string, unknown>, provenance)
  }
  return out
}
