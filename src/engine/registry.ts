// The rulesets this judge can run, by id.
import type { RulesetFactory } from '../games/contract.ts'
import { seaDevilsFactory } from '../games/sea-devils/index.ts'

const factories = new Map<string, RulesetFactory>([[seaDevilsFactory.id, seaDevilsFactory]])

export function rulesetFactory(id: string): RulesetFactory {
  const f = factories.get(id)
  if (!f) throw new Error(`unknown game "${id}"; this judge runs: ${[...factories.keys()].join(', ')}`)
  return f
}

export function rulesetIds(): string[] {
  return [...factories.keys()]
}
