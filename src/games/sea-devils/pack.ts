// The Sea Devils data pack: its schema, its loader and its checks.
// Every record names the provenance of each of its fields in `prov`; `checkPack` refuses a
// record that leaves a field untagged, so no value enters play without saying where it came from.
import { z } from 'zod'
import type { DataPack } from '../contract.ts'
import { canonicalJson, sha256Hex } from '../../util/canonical.ts'

export const PROVENANCE = ['rules', 'errata', 'reconstructed', 'placeholder'] as const
export type Provenance = (typeof PROVENANCE)[number]
const prov = z.record(z.string(), z.enum(PROVENANCE))

export const NATIONS = [
  'England',
  'France',
  'Spain',
  'Peru',
  'Chile',
  'CSA',
  'USA',
  'COL',
  'BRA',
  'ARG',
  'VEN',
  'E',
  'F',
  'S',
  'H',
  'P',
] as const
export type Nation = (typeof NATIONS)[number]
export const SHIP_TYPES = ['F', 'SF', 'S', 'SS', 'GB', 'SGB', 'IC', 'AUX'] as const
export type ShipType = (typeof SHIP_TYPES)[number]
export const DEPLOY_TYPES = ['F', 'SF', 'S', 'GB', 'SGB'] as const
export type DeployType = (typeof DEPLOY_TYPES)[number]

const port = z.object({
  nat: z.enum(NATIONS),
  coal: z.boolean(),
  commission: z.boolean(),
  repairRefit: z.boolean(),
  /** 9.31: the lowest CPL (world, or the country's own for England/France) at which the port serves. */
  cplThreshold: z.number().int().optional(),
  /** 10.51 / 9.35 (ruling R8): the lowest CPL at which the port commissions, when it differs from cplThreshold; null = at any level. */
  commissionThreshold: z.number().int().nullable().optional(),
  /** 9.34 / 9.35: below cplThreshold no uncommissioned Confederate ship may leave this port. */
  holdsUncommissioned: z.boolean().optional(),
})

const area = z.object({
  id: z.string().regex(/^[CD]\d+$/),
  kind: z.enum(['C', 'D']),
  name: z.string(),
  density: z.number().int().min(0),
  adj: z.array(z.string()),
  wraps: z.array(z.string()),
  ports: z.array(port),
  whaling: z.boolean(),
  pacific: z.boolean(),
  european: z.boolean(),
  /** 4.42: no port here may be entered to accept blockade (C9, C54). */
  noRefuge: z.boolean(),
  /** Drawing position, 0..1000 west to east and 0..500 north to south. */
  x: z.number(),
  y: z.number(),
  /**
   * 8b: where the area's label stands on real geography (degrees). Optional, so that a pack saved
   * by a game created before the map had geography still loads; its map takes the embedded values.
   */
  lon: z.number().min(-180).max(180).optional(),
  lat: z.number().min(-90).max(90).optional(),
  prov,
})

const ship = z.object({
  id: z.string().regex(/^[A-Z][A-Z0-9-]*$/),
  name: z.string(),
  aliases: z.array(z.string()),
  side: z.enum(['CSA', 'USA']),
  type: z.enum(SHIP_TYPES),
  gun: z.number().int().min(0),
  def: z.number().int().min(1),
  ma: z.number().int().min(1),
  /** CSA: coalings needed per Activity Phase (11.5). */
  coal: z.number().int().min(0).optional(),
  /** CSA: game turns at sea allowed between refits (11.3). */
  refitPeriod: z.number().int().min(1).optional(),
  /** USA: availability points on the Availability Record (10.42). */
  availability: z.number().int().min(0).optional(),
  fleet: z.enum(['P', 'S']).optional(),
  /** CSA: where the ship is received (9.36 forbids refitting in that country). */
  receivedIn: z.enum(['England', 'France', 'CSA', 'Parent']).optional(),
  oneRaidPerTurn: z.boolean().optional(),
  /** 11.21: the one Pacific Fleet ship that may leave the Pacific after a Confederate raid there. */
  leavesPacificAfterRaid: z.boolean().optional(),
  /** 11.22: a Pacific Fleet reinforcement that enters on the east coast and marches to the Pacific at no cost. */
  marchesToPacific: z.boolean().optional(),
  /** 9.32 / 9.33: taken off the track when the CPL of the country it is received in falls below this. */
  cancelIfCplBelow: z.number().int().optional(),
  /** 10.52: on arrival the ship moves (1 MP, unsearchable) to a port of this nation and repairs there for the rest of the turn. */
  arrivalRepairIn: z.enum(NATIONS).optional(),
  /** 11.32: after its first refit the ship's movement allowance (not its escape speed) becomes `ma`, and it is sunk on the `sunkOnSpotting`-th spotting. */
  afterFirstRefit: z.object({ ma: z.number().int().min(1), sunkOnSpotting: z.number().int().min(1) }).optional(),
  /** 11.53: once a game, coal from a captured merchant ship: `extraMp` more MP that phase, deep-water raids the next turn. */
  prizeCoal: z.object({ extraMp: z.number().int().min(1) }).optional(),
  /** 11.6 / 12.12: moves in the record phase, spotted only by Federal ships ending Phase 3 with it, scores victoryPoints.stonewallAfloat. */
  stonewall: z.boolean().optional(),
  prov,
})

const deployRow = z.object({
  F: z.number().int(),
  SF: z.number().int(),
  S: z.number().int(),
  GB: z.number().int(),
  SGB: z.number().int(),
})
const d6 = <T extends z.ZodTypeAny>(t: T) => z.array(t).length(6)

const tables = z.object({
  /** 5.11: rows = die 1..6, columns = densities listed in `columns` (a higher density uses the last). */
  raid: z.object({ columns: z.array(z.number().int()), rows: d6(z.array(z.number().int())), prov }),
  /** 6.11: columns = number of searchers (last column = that many or more); 6.41: the ECES column. */
  search: z.object({ columns: z.array(z.number().int()), rows: d6(z.array(z.boolean())), eces: d6(z.boolean()), prov }),
  /** 6.21: columns = speed difference from minDiff to maxDiff (clamped). */
  escape: z.object({ minDiff: z.number().int(), maxDiff: z.number().int(), rows: d6(z.array(z.boolean())), prov }),
  /** 8.11: columns = total gunnery (clamped to the last column); 0 gunnery never hits. */
  crt: z.object({ columns: z.array(z.number().int()), rows: d6(z.array(z.number().int())), prov }),
  /** 7.11: modified roll (clamped to minRoll..maxRoll) -> null (no fire) or hypothetical gunnery. */
  blockade: z.object({
    minRoll: z.number().int(),
    maxRoll: z.number().int(),
    results: z.array(z.number().int().nullable()),
    yearMods: z.record(z.string(), z.object({ in: z.number().int(), out: z.number().int() })),
    prov,
  }),
  /** 10.31: columns = Confederate ships in play ("0","1","2","3","4+"), rows = die 1..6. */
  fwdt: z.object({ columns: z.array(z.string()), rows: d6(z.array(deployRow)), prov }),
  /** 6.43-6.44: per Confederate type, columns = earlier C9 entries by that type (last = that many or more). */
  ecesShip: z.object({
    columns: z.record(
      z.string(),
      z.array(d6(z.object({ gun: z.number().int(), def: z.number().int(), speed: z.number().int() }))),
    ),
    prov,
  }),
})

const trackTurn = z.object({
  gt: z.number().int().min(1),
  date: z.string(),
  year: z.number().int(),
  cpl: z.object({ W: z.number().int(), E: z.number().int(), F: z.number().int() }),
  csaReinforcements: z.array(z.object({ ship: z.string(), area: z.string(), inPort: z.boolean() })),
  usaReinforcements: z.array(z.string()),
  prov,
})

const scenario = z.object({
  id: z.string(),
  title: z.string(),
  rule: z.string(),
  firstTurn: z.number().int(),
  lastTurn: z.number().int(),
  /** 'record' = starts at Phase 2 with placement done (13.14); 'placement' = starts at 1B. */
  startsAt: z.enum(['record', 'placement']),
  mm: z.number().int(),
  cpl: z.object({ world: z.number().int(), england: z.number().int(), france: z.number().int() }),
  federal: z.object({
    onMap: z.array(z.object({ ship: z.string(), area: z.string() })),
    availablePool: z.array(z.string()),
    cseBox: z.array(z.string()),
    availabilitySpent: z.record(z.string(), z.number().int()),
  }),
  confederate: z.array(
    z.object({
      ship: z.string(),
      area: z.string(),
      inPort: z.enum(['none', 'CSA', 'neutral']),
      portNat: z.string().optional(),
      commissioned: z.boolean(),
      turnsInPort: z.number().int(),
      turnsAtSea: z.number().int(),
      semmes: z.boolean(),
      /** 11.32: refits completed so far, and spottings since the first one. */
      refits: z.number().int().min(0).optional(),
      spottedSinceFirstRefit: z.number().int().min(0).optional(),
      /** 11.53: the once-a-game prize coal is already used. */
      prizeCoalUsed: z.boolean().optional(),
    }),
  ),
  whalingCounters: z.number().int(),
  /** 13.44 / 13.54: where the whaling counters go and which values are mixed (default: the pack's whaling areas and values). */
  whaling: z.object({ areas: z.array(z.string()), values: z.array(z.number().int()) }).optional(),
  /** CSE points used before the start, by calendar year (the scenario's availability list). */
  cseUsed: z.record(z.string(), z.number().int().min(0)).optional(),
  /** 6.44: East Coast Emergency Searches already made, by Confederate type class (S, GB, AUX, IC). */
  ecesEntries: z.record(z.string(), z.number().int().min(0)).optional(),
  /** 10.51: calendar years whose one neutral-port commissioning is already used at the start. */
  neutralCommissionYears: z.array(z.number().int()).optional(),
  /** 11.7: where Semmes is at the start (on a ship, on the track for a ship, or out of the game) and the ships he has commanded. */
  semmes: z
    .object({
      status: z.enum(['ship', 'track', 'removed']),
      ship: z.string().optional(),
      commanded: z.array(z.string()),
    })
    .optional(),
  /** Confederate ships taken off the track by the scenario. */
  removedFromTrack: z.array(z.string()).optional(),
  /** Victory levels by Confederate VP minus Federal VP, highest first (12.15). */
  victory: z.array(z.object({ level: z.string(), min: z.number().int().nullable(), max: z.number().int().nullable() })),
  prov,
})

export const seaDevilsPackSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  areas: z.array(area),
  ships: z.array(ship),
  tables,
  track: z.array(trackTurn),
  /** 11.12: CSE box placements allowed per calendar year. */
  cse: z.object({ perYear: z.record(z.string(), z.number().int()), prov }),
  /** 5.3: the face-down whaling counter values (mixed at setup). */
  whalingValues: z.object({ values: z.array(z.number().int()), prov }),
  /** 12.13 / 12.14 by type class. */
  victoryPoints: z.object({
    sunk: z.record(z.string(), z.number().int()),
    interned: z.record(z.string(), z.number().int()),
    stonewallAfloat: z.number().int(),
    /** 12.12: where the Stonewall must be afloat at the end. */
    stonewallAreas: z.array(z.string()),
    mmEnglandThreshold: z.number().int(),
    prov,
  }),
  /** 11.41/11.42: consecutive turns in port before internment. */
  internment: z.object({ europeOrCsa: z.number().int(), other: z.number().int(), refitBonus: z.number().int(), prov }),
  /** Areas the rules name by code for a role of their own. */
  mapRoles: z.object({
    /** 6.4, 5.43, 10.43, 11.22: the US East Coast (ECES, auxiliaries' full density, AP entry point). */
    eastCoast: z.string(),
    /** 11.11: the areas a CSE-box ship searches. */
    cseAreas: z.array(z.string()),
    /** 4.41: Confederate ports lost to the land war at the start of a game turn. */
    landWar: z.array(z.object({ turn: z.number().int(), area: z.string() })),
    prov,
  }),
  /** 11.22: the march of the Pacific reinforcements: their goal and the fraction of their speed (MA / divisor, rounded, at least `minimum`). */
  pacificMarch: z.object({
    target: z.string(),
    divisor: z.number().int().min(1),
    roundUp: z.boolean(),
    minimum: z.number().int().min(0),
    prov,
  }),
  scenarios: z.array(scenario),
})

export type SeaDevilsPack = z.infer<typeof seaDevilsPackSchema>
export type AreaDef = z.infer<typeof area>
export type ShipDef = z.infer<typeof ship>
export type PortDef = z.infer<typeof port>
export type ScenarioDef = z.infer<typeof scenario>

const UNTAGGED_KEYS = new Set(['id', 'prov', 'name', 'aliases', 'side', 'title', 'rule', 'gt', 'date', 'year'])

/** Cross-record checks a schema cannot express. Returns every problem found (empty = sound). */
export function checkPack(pack: SeaDevilsPack): string[] {
  const c: PackCheck = {
    pack,
    problems: [],
    areas: new Map(pack.areas.map((a) => [a.id, a])),
    ships: new Map(pack.ships.map((s) => [s.id, s])),
  }
  checkAreasAndShips(c)
  checkTables(c)
  checkTrack(c)
  for (const sc of pack.scenarios) checkScenario(c, sc)
  checkMapRoles(c)
  return c.problems
}

interface PackCheck {
  pack: SeaDevilsPack
  problems: string[]
  areas: Map<string, AreaDef>
  ships: Map<string, ShipDef>
}

/** Every field of a record carries its provenance, but for the few that need none. */
function tagged(c: PackCheck, where: string, record: Record<string, unknown>, tags: Record<string, string>): void {
  for (const key of Object.keys(record)) {
    if (!UNTAGGED_KEYS.has(key) && !(key in tags)) c.problems.push(`${where}: field "${key}" has no provenance`)
  }
}

function checkAreasAndShips(c: PackCheck): void {
  const { pack, problems, areas, ships } = c
  if (areas.size !== pack.areas.length) problems.push('areas: duplicate area id')
  if (ships.size !== pack.ships.length) problems.push('ships: duplicate ship id')
  for (const a of pack.areas) {
    tagged(c, `area ${a.id}`, a, a.prov)
    if (!a.id.startsWith(a.kind)) problems.push(`area ${a.id}: kind ${a.kind} does not match its code`)
    for (const n of [...a.adj, ...a.wraps]) {
      const other = areas.get(n)
      if (!other) problems.push(`area ${a.id}: neighbour ${n} does not exist`)
      else if (!other.adj.includes(a.id) && !other.wraps.includes(a.id))
        problems.push(`area ${a.id}: ${n} is not adjacent back`)
    }
    if (a.kind === 'D' && a.ports.length > 0) problems.push(`area ${a.id}: deep-water areas have no ports`)
  }
  for (const s of pack.ships) {
    tagged(c, `ship ${s.id}`, s, s.prov)
    if (s.side === 'CSA' && (s.coal === undefined || s.refitPeriod === undefined))
      problems.push(`ship ${s.id}: Confederate ships need coal and refitPeriod`)
    if (s.side === 'USA' && s.availability === undefined && s.fleet === undefined)
      problems.push(`ship ${s.id}: Federal ships need availability or a fleet mark`)
  }
}

function checkTables(c: PackCheck): void {
  const { pack, problems } = c
  const t = pack.tables
  const width = (name: string, rows: unknown[][], n: number) =>
    rows.forEach(
      (r, i) => r.length !== n && problems.push(`table ${name}: row ${i + 1} has ${r.length} columns, expected ${n}`),
    )
  width('raid', t.raid.rows, t.raid.columns.length)
  width('search', t.search.rows, t.search.columns.length)
  width('escape', t.escape.rows, t.escape.maxDiff - t.escape.minDiff + 1)
  width('crt', t.crt.rows, t.crt.columns.length)
  width('fwdt', t.fwdt.rows, t.fwdt.columns.length)
  if (t.blockade.results.length !== t.blockade.maxRoll - t.blockade.minRoll + 1)
    problems.push('table blockade: results do not cover minRoll..maxRoll')
}

function checkTrack(c: PackCheck): void {
  const { pack, problems, areas, ships } = c
  for (const turn of pack.track) {
    tagged(c, `track GT${turn.gt}`, turn, turn.prov)
    for (const r of turn.csaReinforcements)
      if (!ships.has(r.ship) || !areas.has(r.area))
        problems.push(`track GT${turn.gt}: unknown reinforcement ${r.ship} in ${r.area}`)
    for (const r of turn.usaReinforcements)
      if (!ships.has(r)) problems.push(`track GT${turn.gt}: unknown Federal reinforcement ${r}`)
  }
}

function checkScenario(c: PackCheck, sc: ScenarioDef): void {
  const { pack, problems, areas, ships } = c
  tagged(c, `scenario ${sc.id}`, sc, sc.prov)
  const named = [
    ...sc.federal.onMap.map((p) => p.ship),
    ...sc.federal.availablePool,
    ...sc.federal.cseBox,
    ...sc.confederate.map((c) => c.ship),
  ]
  for (const n of named) if (!ships.has(n)) problems.push(`scenario ${sc.id}: unknown ship ${n}`)
  for (const p of [...sc.federal.onMap, ...sc.confederate])
    if (!areas.has(p.area)) problems.push(`scenario ${sc.id}: unknown area ${p.area}`)
  if (!pack.track.some((tt) => tt.gt === sc.lastTurn))
    problems.push(`scenario ${sc.id}: the track has no GT${sc.lastTurn}`)
  if (sc.whaling) {
    if (sc.whaling.areas.length !== sc.whalingCounters || sc.whaling.values.length !== sc.whalingCounters)
      problems.push(`scenario ${sc.id}: whaling needs ${sc.whalingCounters} areas and values`)
    for (const w of sc.whaling.areas)
      if (!areas.get(w)?.whaling) problems.push(`scenario ${sc.id}: ${w} is not a whaling area`)
  }
  for (const [year, used] of Object.entries(sc.cseUsed ?? {}))
    if (used > (pack.cse.perYear[year] ?? 0))
      problems.push(`scenario ${sc.id}: ${used} CSE points used in ${year}, more than the year allows`)
  for (const cls of Object.keys(sc.ecesEntries ?? {}))
    if (!['S', 'GB', 'AUX', 'IC'].includes(cls)) problems.push(`scenario ${sc.id}: unknown ECES type class ${cls}`)
  for (const id of [
    ...(sc.removedFromTrack ?? []),
    ...(sc.semmes?.commanded ?? []),
    ...(sc.semmes?.ship ? [sc.semmes.ship] : []),
  ])
    if (ships.get(id)?.side !== 'CSA') problems.push(`scenario ${sc.id}: unknown Confederate ship ${id}`)
  if (sc.semmes?.status === 'ship' && !sc.confederate.some((c) => c.ship === sc.semmes!.ship && c.semmes))
    problems.push(`scenario ${sc.id}: Semmes's ship is not placed with him`)
}

function checkMapRoles(c: PackCheck): void {
  const { pack, problems, areas } = c
  for (const a of [
    pack.mapRoles.eastCoast,
    ...pack.mapRoles.cseAreas,
    ...pack.mapRoles.landWar.map((l) => l.area),
    pack.pacificMarch.target,
    ...pack.victoryPoints.stonewallAreas,
  ])
    if (!areas.has(a)) problems.push(`mapRoles: unknown area ${a}`)
  if (!areas.get(pack.pacificMarch.target)?.pacific)
    problems.push(`pacificMarch: ${pack.pacificMarch.target} is not in the Pacific`)
  for (const s of pack.ships)
    if (s.arrivalRepairIn && !pack.areas.some((a) => a.ports.some((p) => p.nat === s.arrivalRepairIn && p.repairRefit)))
      problems.push(`ship ${s.id}: no ${s.arrivalRepairIn} port repairs`)
  if (pack.areas.filter((a) => a.whaling).length < Math.max(0, ...pack.scenarios.map((s) => s.whalingCounters)))
    problems.push('whaling: fewer whaling areas than counters to place')
}

/** Canonical hash of a pack's content, recorded in GameCreated so a replay uses the same values. */
export function hashPack(raw: unknown): string {
  return sha256Hex(canonicalJson(raw))
}

export function loadSeaDevilsPack(raw: unknown): DataPack<SeaDevilsPack> {
  const parsed = seaDevilsPackSchema.safeParse(raw)
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`data pack does not match the schema:\n${lines.join('\n')}`)
  }
  const problems = checkPack(parsed.data)
  if (problems.length) throw new Error(`data pack check failed:\n${problems.slice(0, 30).join('\n')}`)
  // Hash the validated content, so a pack stored in GameCreated reloads to the same hash.
  return { id: parsed.data.id, hash: hashPack(parsed.data), content: parsed.data }
}

/** Fields whose value is a placeholder anywhere in the pack (reports must say so). */
export function placeholderSummary(pack: SeaDevilsPack): string[] {
  const found = new Set<string>()
  const scan = (what: string, tags: Record<string, string>) => {
    for (const [field, tag] of Object.entries(tags)) if (tag === 'placeholder') found.add(`${what}.${field}`)
  }
  pack.areas.forEach((a) => scan('areas', a.prov))
  pack.ships.forEach((s) => scan(`ships(${s.side})`, s.prov))
  for (const [name, table] of Object.entries(pack.tables)) scan(`tables.${name}`, table.prov)
  pack.track.forEach((t) => scan('track', t.prov))
  scan('cse', pack.cse.prov)
  scan('whaling', pack.whalingValues.prov)
  scan('pacificMarch', pack.pacificMarch.prov)
  return [...found].sort()
}
