// Rebel Raiders' pictures (DESIGN 8b): the American theatre (coasts, rivers and the land war) at a
// large scale, and the oceans at a small one, on real geography from the pack's coordinates, with
// who holds each place and what stands there. Everything on the board is public in the basic game.
import type { Figure, NarrativeEntry } from '../contract.ts'
import { type GeoLink, type GeoPlace, geoMapSvg } from '../kit/geoMap.ts'
import type { LinkKind } from './map.ts'
import type { RebelPack } from './pack.ts'
import type { RrState } from './state.ts'
import { phaseName, turnName } from './state.ts'

const HOLDER_FILL = { CSA: '#8c8c8c', USA: '#3b5ba5', neutral: '#ffffff' } as const
const LINK_STYLE: Record<LinkKind, { colour: string; dashed?: boolean }> = {
  sea: { colour: '#7d93a8', dashed: true },
  port: { colour: '#7d93a8' },
  river: { colour: '#2f6fd6' },
  'river-noships': { colour: '#2f6fd6', dashed: true },
  land: { colour: '#c0392b' },
}
const MAJOR = new Set(['oceanPort', 'riverPort', 'inlandCity'])
// Waters are held by nobody: an open ring, not a dot in a side's colour.
const WATER = new Set(['coastal', 'highSeas', 'whaling', 'blockadeStation'])

/** The places of this phase's battles, assaults and counterattacks the reader was told of. */
function battlesIn(seen: readonly NarrativeEntry[]): Set<string> {
  return new Set(seen.filter((e) => e.at && /^(Combat in|Assault on|Counterattack on) /.test(e.text)).map((e) => e.at!))
}

export function rebelFigures(s: RrState, pack: RebelPack, seen: readonly NarrativeEntry[] = []): Figure[] {
  const at = new Map<string, string[]>()
  // This phase's battles are marked on the place (DESIGN 8b), before what stands there now.
  for (const id of battlesIn(seen)) at.set(id, ['BATTLE'])
  for (const p of s.pieces) at.set(p.at, [...(at.get(p.at) ?? []), `${p.id}${p.cargo ? `(${p.cargo})` : ''}`])
  const places: GeoPlace[] = pack.map.spaces.map((sp) => ({
    id: sp.id,
    lon: sp.lon,
    lat: sp.lat,
    label: sp.id,
    fill: WATER.has(sp.kind)
      ? 'none'
      : HOLDER_FILL[(s.control[sp.id] ?? sp.side ?? 'neutral') as keyof typeof HOLDER_FILL],
    ...(at.has(sp.id) ? { badge: at.get(sp.id)!.join(' ') } : {}),
    major: MAJOR.has(sp.kind),
  }))
  const links: GeoLink[] = pack.map.links.map((l) => {
    const a = pack.map.space(l.a)
    const b = pack.map.space(l.b)
    return { from: [a.lon, a.lat], to: [b.lon, b.lat], ...LINK_STYLE[l.kind] }
  })
  const when = `${turnName(s.turn)}, ${phaseName(s.phase)}; Confederate points ${s.vp}`
  const legend = [
    'Dots: grey Confederate, blue Union, white neutral; rings are waters. Lines: blue river, red land, dashed sea.',
    'Under each place: the pieces there (cargo in brackets); BATTLE where this phase fought a battle or an assault.',
    'A label that had no room beside its place stands off, joined to it by a thin black line.',
  ]
  return [
    {
      name: 'theatre',
      title: 'The coasts and rivers',
      svg: geoMapSvg({
        title: `The coasts and rivers: ${when}`,
        width: 1100,
        height: 760,
        extent: [
          [-97.5, 23.5],
          [-72.5, 40.5],
        ],
        projection: 'theatre',
        places,
        links,
        legend,
      }),
    },
    {
      name: 'oceans',
      title: 'The oceans',
      svg: geoMapSvg({
        title: `The oceans: ${when}`,
        width: 1100,
        height: 560,
        extent: [
          [-125, -42],
          [178, 64],
        ],
        projection: 'world',
        places: places.filter((p) => {
          const kind = pack.map.space(p.id).kind
          return (
            kind === 'highSeas' ||
            kind === 'whaling' ||
            kind === 'neutralPort' ||
            kind === 'coastal' ||
            kind === 'navyYards'
          )
        }),
        links: pack.map.links
          .filter((l) => l.kind === 'sea' || l.kind === 'port')
          .filter((l) => !pack.map.space(l.a).id.endsWith('.BS') && !pack.map.space(l.b).id.endsWith('.BS'))
          .map((l) => {
            const a = pack.map.space(l.a)
            const b = pack.map.space(l.b)
            return {
              from: [a.lon, a.lat] as [number, number],
              to: [b.lon, b.lat] as [number, number],
              ...LINK_STYLE[l.kind],
            }
          }),
        legend,
      }),
    },
  ]
}
