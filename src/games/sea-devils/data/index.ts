// The embedded Sea Devils data pack, assembled from its JSON parts. See PROVENANCE.md for where
// each value comes from; load it through `loadSeaDevilsPack` (../pack.ts), which validates it.
import meta from './pack-meta.json' with { type: 'json' }
import areas from './map.json' with { type: 'json' }
import ships from './ships.json' with { type: 'json' }
import tables from './tables.json' with { type: 'json' }
import track from './track.json' with { type: 'json' }
import scenarios from './scenarios.json' with { type: 'json' }

/** A fresh copy of the raw pack object (callers may mutate it without touching the shared JSON). */
export function rawSeaDevilsPack(): unknown {
  return structuredClone({
    id: meta.id,
    title: meta.title,
    source: meta.source,
    areas,
    ships,
    tables,
    track,
    cse: meta.cse,
    whalingValues: meta.whalingValues,
    victoryPoints: meta.victoryPoints,
    internment: meta.internment,
    mapRoles: meta.mapRoles,
    pacificMarch: meta.pacificMarch,
    scenarios,
  })
}
