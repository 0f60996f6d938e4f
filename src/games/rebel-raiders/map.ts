// The Rebel Raiders map as data (digest section 2): 79 spaces with their kinds and a drawing
// position on real geography, and the links between them (sea, port, river and land lines), each
// with the evidence it rests on. The printed map is not in the text, so most links are
// reconstructed; a moderator who owns the map loads a corrected one through the same checks.
import { z } from 'zod'
import { canonicalJson, sha256Hex } from '../../util/canonical.ts'
import type { DataPack } from '../contract.ts'

export const SPACE_KINDS = [
  'coastal',
  'highSeas',
  'whaling',
  'navyYards',
  'oceanPort',
  'blockadeStation',
  'riverPort',
  'inlandCity',
  'fort',
  'neutralPort',
] as const
export type SpaceKind = (typeof SPACE_KINDS)[number]

/** Ships sail along port, sea and river links; land lines carry only assaults; one river line is closed to ships (RB 3.1). */
export const LINK_KINDS = ['port', 'sea', 'river', 'river-noships', 'land'] as const
export type LinkKind = (typeof LINK_KINDS)[number]

/** How sure a link is: stated, shown in an example, inferred (high, medium, low), or our ruling where the text is silent. */
export const CONFIDENCE = ['S', 'E', 'I-hi', 'I-med', 'I-low', 'ruling'] as const

const space = z
  .object({
    id: z.string().regex(/^[A-Z0-9]{4}(\.BS)?$/),
    name: z.string().min(1),
    kind: z.enum(SPACE_KINDS),
    lon: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
    src: z.string().min(1),
    side: z.enum(['CSA', 'USA', 'neutral']).optional(),
    port: z.string().optional(),
    europe: z.boolean().optional(),
    european: z.boolean().optional(),
    noRaid: z.boolean().optional(),
    noLOC: z.boolean().optional(),
    noLandLOC: z.boolean().optional(),
    noShips: z.boolean().optional(),
    noBuild: z.boolean().optional(),
    arsenal: z.boolean().optional(),
    mississippi: z.boolean().optional(),
    unlimitedStacking: z.boolean().optional(),
    /** Upriver of Vicksburg: only gunboats and ironclads go there (the ship summary table). */
    northOfVicksburg: z.boolean().optional(),
    /** A port under the British flag, where 18.36 gives the Confederacy a free runner (ruling RR-O9). */
    britishFlag: z.boolean().optional(),
  })
  .strict()

const link = z
  .object({ a: z.string(), b: z.string(), kind: z.enum(LINK_KINDS), conf: z.enum(CONFIDENCE), src: z.string().min(1) })
  .strict()

const mapSchema = z
  .object({
    id: z.string().min(1),
    title: z.string(),
    source: z.string(),
    confidence: z.record(z.string(), z.string()),
    spaces: z.array(space),
    links: z.array(link),
    notAdjacent: z.array(z.object({ a: z.string(), b: z.string(), src: z.string() }).strict()),
  })
  .strict()

export type Space = z.infer<typeof space>
export type Link = z.infer<typeof link>
export type RawMap = z.infer<typeof mapSchema>

/** The map with its look-ups: spaces by id, and each space's links. */
export interface RebelMap extends RawMap {
  space(id: string): Space
  has(id: string): boolean
  /** Neighbours along links of the given kinds (all kinds when none given). */
  neighbours(id: string, kinds?: readonly LinkKind[]): string[]
  /** The link kinds joining two spaces (empty when they do not touch). */
  between(a: string, b: string): LinkKind[]
}

/** Links along which a ship may sail. */
export const SHIP_LINKS: readonly LinkKind[] = ['port', 'sea', 'river']

/** Problems with a map that parses: unknown ids, contradicted non-adjacencies, stations without their port, unreachable waters. */
export function mapProblems(m: RawMap): string[] {
  const problems: string[] = []
  const ids = new Set<string>()
  for (const s of m.spaces) {
    if (ids.has(s.id)) problems.push(`space ${s.id} is listed twice`)
    ids.add(s.id)
  }
  for (const l of m.links) {
    for (const end of [l.a, l.b]) if (!ids.has(end)) problems.push(`link ${l.a}-${l.b} names an unknown space ${end}`)
    if (l.a === l.b) problems.push(`link ${l.a}-${l.b} joins a space to itself`)
  }
  for (const n of m.notAdjacent)
    if (m.links.some((l) => (l.a === n.a && l.b === n.b) || (l.a === n.b && l.b === n.a)))
      problems.push(`${n.a} and ${n.b} are linked, but ${n.src} says they do not touch`)
  for (const s of m.spaces.filter((x) => x.kind === 'blockadeStation')) {
    if (!s.port || !ids.has(s.port)) problems.push(`station ${s.id} names no ocean port`)
    const touchesSea = m.links.some(
      (l) =>
        l.kind === 'sea' &&
        (l.a === s.id || l.b === s.id) &&
        m.spaces.some((x) => x.id === (l.a === s.id ? l.b : l.a) && x.kind === 'coastal'),
    )
    if (!touchesSea) problems.push(`station ${s.id} touches no coastal zone`)
  }
  // Every water space and port must be reachable by sea from the Navy Yards, or ships could not get there.
  const navy = m.spaces.find((s) => s.kind === 'navyYards')
  if (!navy) problems.push('the map has no Navy Yards')
  else {
    const seen = new Set([navy.id])
    const queue = [navy.id]
    while (queue.length) {
      const at = queue.shift()!
      for (const l of m.links) {
        if (!SHIP_LINKS.includes(l.kind)) continue
        const next = l.a === at ? l.b : l.b === at ? l.a : null
        if (next && !seen.has(next)) {
          seen.add(next)
          queue.push(next)
        }
      }
    }
    const watery: SpaceKind[] = ['coastal', 'highSeas', 'whaling', 'blockadeStation', 'oceanPort', 'neutralPort']
    for (const s of m.spaces) if (watery.includes(s.kind) && !seen.has(s.id)) problems.push(`no ship can reach ${s.id}`)
  }
  return problems
}

/** Parses and checks a map (the embedded one or a moderator's); throws naming every problem. */
export function loadRebelMap(raw: unknown): DataPack<RebelMap> {
  const parsed = mapSchema.safeParse(raw)
  if (!parsed.success)
    throw new Error(
      `the map does not parse: ${parsed.error.issues
        .slice(0, 10)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    )
  const m = parsed.data
  const problems = mapProblems(m)
  if (problems.length) throw new Error(`the map has ${problems.length} problem(s): ${problems.join('; ')}`)
  const byId = new Map(m.spaces.map((s) => [s.id, s]))
  const adjacency = new Map<string, { to: string; kind: LinkKind }[]>()
  for (const l of m.links) {
    adjacency.set(l.a, [...(adjacency.get(l.a) ?? []), { to: l.b, kind: l.kind }])
    adjacency.set(l.b, [...(adjacency.get(l.b) ?? []), { to: l.a, kind: l.kind }])
  }
  const content: RebelMap = {
    ...m,
    space(id) {
      const s = byId.get(id)
      if (!s) throw new Error(`no space ${id} on the map`)
      return s
    },
    has: (id) => byId.has(id),
    neighbours: (id, kinds) => [
      ...new Set((adjacency.get(id) ?? []).filter((x) => !kinds || kinds.includes(x.kind)).map((x) => x.to)),
    ],
    between: (a, b) => (adjacency.get(a) ?? []).filter((x) => x.to === b).map((x) => x.kind),
  }
  return { id: m.id, hash: sha256Hex(canonicalJson(m)), content }
}
