// The Infernal Machine data pack: five JSON files (tactical, mission, boards, fishboat, campaign),
// each record with its provenance. A player with the printed game replaces the synthetic values
// by loading a corrected copy; the hash fixes the copy a game was created with.
import { canonicalJson, sha256Hex } from '../../util/canonical.ts'
import type { DataPack } from '../contract.ts'
import { type CampaignData, loadCampaign } from './campaignPack.ts'
import boardsJson from './data/boards.json' with { type: 'json' }
import campaignJson from './data/campaign.json' with { type: 'json' }
import fishboatJson from './data/fishboat.json' with { type: 'json' }
import missionJson from './data/mission.json' with { type: 'json' }
import tacticalJson from './data/tactical.json' with { type: 'json' }
import { loadBoards, type MissionBoard } from './boardsPack.ts'
import { type Component, loadFishboat, type Persona } from './fishboatPack.ts'
import { loadMission, type MissionData } from './missionPack.ts'
import { isPackOverlay, mergePackOverlay } from './packOverlay.ts'
import { type ProvenanceKind, type ProvenanceMap, provenanceKind, unsourced } from './provenance.ts'
import { loadTactical, type TacticalData } from './tacticalPack.ts'

export const PACK_PARTS = ['tactical', 'mission', 'boards', 'fishboat', 'campaign'] as const

/** The pack as the rules use it. */
export interface ImPack {
  tactical: TacticalData
  mission: MissionData
  boards: ReadonlyMap<string, MissionBoard>
  components: ReadonlyMap<string, Component>
  personae: ReadonlyMap<string, Persona>
  campaign: CampaignData
  /** Where each value came from: `table/key/field` to its src text. */
  provenance: ProvenanceMap
}

/** A fresh copy of the embedded (partly synthetic) pack. */
export function rawImPack(): Record<(typeof PACK_PARTS)[number], unknown> {
  return structuredClone({
    tactical: tacticalJson,
    mission: missionJson,
    boards: boardsJson,
    fishboat: fishboatJson,
    campaign: campaignJson,
  })
}

/** Checks a raw pack: every value sourced, every table complete, cross references resolved. */
export function bindImPack(raw: unknown): ImPack {
  const r = (raw ?? {}) as Record<string, unknown>
  const missing = unsourced(r)
  if (missing.length) throw new Error(`values without provenance: ${missing.slice(0, 5).join(', ')}`)
  const provenance: ProvenanceMap = new Map()
  const tactical = loadTactical(r.tactical, provenance)
  const mission = loadMission(r.mission, provenance)
  const boards = loadBoards(r.boards, provenance)
  const fishboat = loadFishboat(r.fishboat, provenance)
  const campaign = loadCampaign(r.campaign, provenance)
  const markers = new Set(tactical.targets.map((t) => t.id))
  for (const b of boards.boards)
    for (const p of b.positions)
      for (const t of p.targets ?? [])
        if (!markers.has(t.marker)) throw new Error(`${b.id}/${p.id} names target ${t.marker}, not in the pack`)
  const boardIds = new Set(boards.boards.map((b) => b.id))
  for (const l of campaign.locations)
    if (!boardIds.has(l.board)) throw new Error(`location ${l.id} names board ${l.board}, not in the pack`)
  return {
    tactical,
    mission,
    boards: new Map(boards.boards.map((b) => [b.id, b])),
    components: new Map(fishboat.components.map((c) => [c.id, c])),
    personae: new Map(fishboat.personae.map((p) => [p.id, p])),
    campaign,
    provenance,
  }
}

/**
 * A whole pack, or a replacement file (`"overlay": true`, packOverlay.ts) merged over the embedded
 * pack; either way the game keeps the whole checked pack, so its hash fixes every value it plays.
 */
export function loadImPack(raw: unknown): DataPack<unknown> {
  const whole = isPackOverlay(raw) ? mergePackOverlay(raw, rawImPack()) : raw
  bindImPack(whole)
  const hash = sha256Hex(canonicalJson(whole))
  const id = hash === embeddedHash() ? EMBEDDED_ID : `infernal-machine:replaced-${hash.slice(0, 12)}`
  return { id, hash, content: whole }
}

const EMBEDDED_ID = 'infernal-machine:synthetic-1'
let embeddedHashValue: string | null = null
const embeddedHash = () => {
  embeddedHashValue ??= sha256Hex(canonicalJson(rawImPack()))
  return embeddedHashValue
}

/** How many values of each provenance kind the pack holds (for the report and the README). */
export function provenanceCounts(pack: ImPack): Record<ProvenanceKind, number> {
  const counts: Record<ProvenanceKind, number> = { rules: 0, completed: 0, synthetic: 0 }
  for (const src of pack.provenance.values()) {
    const kind = provenanceKind(src)
    if (kind) counts[kind]++
  }
  return counts
}

let embedded: ImPack | null = null
/** The embedded pack, bound once (tests and the default game). */
export function defaultImPack(): ImPack {
  embedded ??= bindImPack(rawImPack())
  return embedded
}
