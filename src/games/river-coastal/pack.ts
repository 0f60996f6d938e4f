// The River & Coastal data pack: tables, ship classes and scenarios, checked together; its hash
// fixes the game's copy. The rules read the bound pack (plain values, table units already integers).
import { canonicalJson, sha256Hex } from '../../util/canonical.ts'
import type { DataPack } from '../contract.ts'
import scenariosJson from './data/scenarios.json' with { type: 'json' }
import shipsJson from './data/ships.json' with { type: 'json' }
import tablesJson from './data/tables.json' with { type: 'json' }
import { bindShipClass, type ShipClass } from './derive.ts'
import { scenariosSchema, shipsSchema, tablesSchema } from './packSchema.ts'
import { bindScenario, type Scenario } from './scenario.ts'
import { unwrap } from './sourced.ts'

import type { Tables } from './packSchema.ts'

export type { Tables } from './packSchema.ts'

export interface RawRiverPack {
  tables: unknown
  ships: unknown
  scenarios: unknown
}

/** What the rules read. */
export interface RiverPack {
  tables: Tables
  classes: Record<string, ShipClass>
  scenarios: Record<string, Scenario>
}

export function rawRiverPack(): RawRiverPack {
  return structuredClone({ tables: tablesJson, ships: shipsJson, scenarios: scenariosJson })
}

export function loadRiverPack(raw: unknown): DataPack<RawRiverPack> {
  const r = raw as Partial<RawRiverPack>
  const content = {
    tables: tablesSchema.parse(r.tables),
    ships: shipsSchema.parse(r.ships),
    scenarios: scenariosSchema.parse(r.scenarios),
  }
  bindRiverPack(content) // cross-references (gun keys, classes, turning keys) must resolve
  return { id: `river-coastal:${content.tables.id}`, hash: sha256Hex(canonicalJson(content)), content }
}

export function bindRiverPack(raw: RawRiverPack): RiverPack {
  const tables = unwrap(tablesSchema.parse(raw.tables))
  const ships = unwrap(shipsSchema.parse(raw.ships))
  const classes: Record<string, ShipClass> = {}
  for (const [key, c] of Object.entries(ships.classes)) classes[key] = bindShipClass(key, c, tables)
  const scenarios: Record<string, Scenario> = {}
  for (const [id, s] of Object.entries(unwrap(scenariosSchema.parse(raw.scenarios)).scenarios))
    scenarios[id] = bindScenario(id, s, classes, tables)
  return { tables, classes, scenarios }
}

let embedded: RiverPack | undefined
/** The embedded pack, bound once. */
export function defaultRiverPack(): RiverPack {
  embedded ??= bindRiverPack(rawRiverPack())
  return embedded
}
