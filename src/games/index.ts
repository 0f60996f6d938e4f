// The games this judge runs, by id: the one place that names them. Everything
// else reaches a game through this registry and the contract in contract.ts.
import type { GameDemo, RulesetFactory } from './contract.ts'
import { infernalMachineFactory } from './infernal-machine/index.ts'
import { rebelRaidersFactory } from './rebel-raiders/index.ts'
import { riverCoastalFactory } from './river-coastal/index.ts'
import { seaDevilsFactory } from './sea-devils/index.ts'

const factories = new Map<string, RulesetFactory>([
  [seaDevilsFactory.id, seaDevilsFactory],
  [rebelRaidersFactory.id, rebelRaidersFactory],
  [riverCoastalFactory.id, riverCoastalFactory],
  [infernalMachineFactory.id, infernalMachineFactory],
])

export function rulesetFactory(id: string): RulesetFactory {
  const f = factories.get(id)
  if (!f) throw new Error(`unknown game "${id}"; this judge runs: ${[...factories.keys()].join(', ')}`)
  return f
}

/** The default game (the first registered): the one `pbem serve` and `pbem demo` show. */
export function defaultGame(): RulesetFactory {
  return factories.values().next().value!
}

/** The default game's demo; every shipped game declares one. */
export function defaultDemo(): GameDemo {
  const game = defaultGame()
  if (!game.demo) throw new Error(`the default game ${game.id} declares no demo`)
  return game.demo
}

/** The registered games' ids, the default (the first) first. */
export function rulesetIds(): string[] {
  return [...factories.keys()]
}

/**
 * Adds a game for this process only (a test's fixture game, a game under development); the shipped
 * registry above is not changed. Returns a function that removes it again.
 */
export function registerRuleset(factory: RulesetFactory): () => void {
  if (factories.has(factory.id)) throw new Error(`a game "${factory.id}" is already registered`)
  factories.set(factory.id, factory)
  return () => {
    factories.delete(factory.id)
  }
}
