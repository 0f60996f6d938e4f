// The tactical part of the data pack (Rule Book p.3-14): the Tactical Board, the target markers, the
// conveyances and the Escape table, checked after the loader merged the records of each table.
import { z } from 'zod'
import { type ProvenanceMap, mergeRecords } from './provenance.ts'
import { CONVEYANCES, CRANKS, ELEVATIONS, ZONES } from './terms.ts'

const int = z.number().int()
const perZone = z.object({ contact: int, near: int, far: int }).strict()
const perSize = z.object({ large: int, medium: int, small: int }).strict()
/** A Detonation Table cell: B, B-or-S, S, or a number to roll for S (p.6). */
const detonationCell = z.union([z.enum(['B', 'BS', 'S']), int.min(1).max(11)])

const vector = z
  .object({ id: z.string(), lo: int, hi: int, far: int, near: int, contact: int, otherSide: int })
  .extend({ openTop: z.boolean().optional() })
  .strict()

const target = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['ironclad', 'gunboat', 'sloop', 'obstruction', 'bridge', 'dock']),
    side: z.enum(['CSA', 'USA']),
    small: z.boolean(),
    strong: z.boolean(),
    attack: z.object({ surfaceAwash: perZone, below: perZone }).strict(),
  })
  .strict()

export const tacticalSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    approach: z.object({ smallTarget: int, failAtOrBelow: int, towCordFailAtOrBelow: int }).strict(),
    cranks: z.array(
      z.object({ id: z.string(), crank: z.enum(CRANKS), approach: int, red: int, fatigue: int }).strict(),
    ),
    vectors: z.array(vector).min(1),
    zoneDetection: z.array(z.object({ zone: z.enum(ZONES), modifier: int }).strict()).length(4),
    detection: z
      .array(z.object({ elevation: z.enum(ELEVATIONS), bright: int, dim: int, inky: int }).strict())
      .length(5),
    alert: z.array(z.object({ level: int.min(0).max(4), attackDice: int, detection: int }).strict()).length(5),
    atmospherics: z.array(z.object({ id: z.string(), detection: int, target: int }).strict()),
    detectionModifiers: z.object({ boilerEngine: int, towCord: int, perPursuit: int }).strict(),
    detonationZones: z.array(
      z.object({ conveyance: z.enum(CONVEYANCES), zones: z.array(z.enum(ZONES)), cubes: int.optional() }).strict(),
    ),
    detonation: z.object({ bigOrSmallAtLeast: int, strongShift: int, columnBy: z.literal('red') }).strict(),
    detonationTable: z.array(
      z
        .object({
          red: int.min(0),
          surfaceAwash: z.array(detonationCell).length(3),
          below: z.array(detonationCell).length(3),
          orMore: z.boolean().optional(),
        })
        .strict(),
    ),
    concussionCubes: z.array(
      z.object({ zone: z.enum(ZONES), cube: z.enum(['black', 'red']), easy: int, full: int, strain: int }).strict(),
    ),
    concussion: z.array(z.object({ conveyance: z.enum(CONVEYANCES), surfaceAwash: perSize, below: perSize }).strict()),
    sturdyProw: z.object({ concussion: int }).strict(),
    obstruction: z.object({ concussion: int, blowsOnAtMost: int }).strict(),
    response: z.object({ catastrophicHits: int, fateSmilesBlack: int, fateSmilesRed: int }).strict(),
    targets: z.array(target).min(1),
    diverLowest: z.array(z.object({ kind: z.string(), elevation: z.enum(ELEVATIONS) }).strict()),
    escape: z
      .array(z.object({ elevation: z.enum(ELEVATIONS), crank: z.array(int).length(5), engine: z.array(int).length(2) }))
      .length(5),
    escapeRules: z
      .object({
        crankColumns: z.array(int).length(5),
        engineColumns: z.array(int).length(2),
        easyBoards: z.array(z.string()),
        easyBoard: int,
        weakDrift: int,
        strongDrift: int,
        adjacentSurvivesOn: int,
        otherSurvivesOn: int,
      })
      .strict(),
    /** Scenario set-ups (Scenario Book, lost): only those the Rule Book describes, completed (p.3-5). */
    scenarios: z.array(
      z
        .object({
          id: z.string(),
          title: z.string(),
          side: z.enum(['CSA', 'USA']),
          target: z.string(),
          training: int,
          alert: int,
          elevation: int.min(0).max(4),
          visibility: z.enum(['bright', 'dim', 'inky']),
          atmospherics: z.string(),
          conveyance: z.string(),
          charge: z.string(),
          black: int,
          red: int,
        })
        .strict(),
    ),
  })
  .strict()

export type TacticalData = z.infer<typeof tacticalSchema>
export type TargetMarker = TacticalData['targets'][number]
export type ApproachVector = TacticalData['vectors'][number]
export type DetonationCell = z.infer<typeof detonationCell>

/** Tables whose records may share a key, and that key. */
const MERGED: Record<string, string> = {
  vectors: 'id',
  alert: 'level',
  atmospherics: 'id',
  targets: 'id',
  detonationTable: 'red',
  scenarios: 'id',
}

type Rec = Record<string, unknown>

/** Strips the srcs (recording them) and merges split records, then checks the result. */
export function loadTactical(raw: unknown, provenance: ProvenanceMap): TacticalData {
  const r = structuredClone(raw) as Rec
  for (const [table, value] of Object.entries(r)) {
    if (Array.isArray(value)) {
      const key = MERGED[table]
      r[table] = key
        ? mergeRecords(`tactical/${table}`, value as Rec[], key, provenance)
        : (value as Rec[]).map((rec, i) => stripSrc(`tactical/${table}/${i}`, rec, provenance))
    } else if (value && typeof value === 'object') r[table] = stripSrc(`tactical/${table}`, value as Rec, provenance)
  }
  return tacticalSchema.parse(r)
}

export function stripSrc(at: string, rec: Rec, provenance: ProvenanceMap): Rec {
  const { src, ...rest } = rec
  for (const field of Object.keys(rest)) provenance.set(`${at}/${field}`, String(src))
  return rest
}
