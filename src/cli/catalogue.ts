// The games this judge runs, as a moderator choosing one needs them: roles, scenarios and options,
// read from each game's own declarations through the registry (no game is named here).
import type { GameOptionInfo, Options, Ruleset } from '../games/contract.ts'
import { rulesetFactory, rulesetIds } from '../games/index.ts'
import { OptionError } from './options.ts'

type AnyRuleset = Ruleset<any, any>

const built = new Map<string, AnyRuleset>()
/** A game's ruleset on its embedded data pack. */
export function rulesetOf(id: string): AnyRuleset {
  let r = built.get(id)
  if (!r) {
    const factory = rulesetFactory(id)
    r = factory.create(factory.defaultPack())
    built.set(id, r)
  }
  return r
}

/** The roles of a scenario played with its default options. */
const rolesOf = (r: AnyRuleset, scenario: string): readonly string[] => r.rolesFor?.(scenario, {}) ?? r.roles

const optionLine = (o: GameOptionInfo) => `${o.name}=<${o.values}>: ${o.summary}`

/** `pbem games`: each game with its roles, scenarios, options and a `game create` line to copy. */
export function catalogueLines(): string[] {
  return rulesetIds().flatMap((id) => {
    const r = rulesetOf(id)
    const first = r.scenarios[0]!
    const roles = rolesOf(r, first.id)
    const example = [
      `pbem game create my-game --ruleset ${id} --scenario ${first.id}`,
      ...roles.map((role) => `--player ${role}=${role}@example.org:Name`),
    ].join(' ')
    return [
      `${id}: ${r.title}`,
      `  roles: ${r.roles.join(', ')}`,
      '  scenarios:',
      ...r.scenarios.map((s) => {
        const own = rolesOf(r, s.id)
        const differ = own.join() !== r.roles.join()
        return `    ${s.id}: ${s.title} (${s.turns}); ${s.summary}${differ ? ` [roles ${own.join(', ')}]` : ''}`
      }),
      ...(r.gameOptions?.length
        ? ['  options (--option name=value):', ...r.gameOptions.map((o) => `    ${optionLine(o)}`)]
        : ['  options: none']),
      `  example: ${example}`,
      '',
    ]
  })
}

/** The game a `--ruleset` names, or a refusal listing the games. */
export function checkedRuleset(id: string | undefined): AnyRuleset {
  const ids = rulesetIds()
  if (!id || !ids.includes(id))
    throw new OptionError(
      `${id ? `--ruleset ${id} is not a game this judge runs` : 'name the game with --ruleset'}; the games: ${ids.join(', ')} (pbem games shows their scenarios, roles and options)`,
    )
  return rulesetOf(id)
}

/** The scenario a `--scenario` names, or a refusal listing the game's scenarios. */
export function checkedScenario(r: AnyRuleset, scenario: string | undefined): string {
  if (scenario && r.scenarios.some((s) => s.id === scenario)) return scenario
  const list = r.scenarios.map((s) => `  ${s.id}: ${s.title} (${s.turns})`).join('\n')
  throw new OptionError(
    `${scenario ? `--scenario ${scenario} is not a scenario of ${r.title}` : `name the scenario with --scenario`}; ${r.title} has:\n${list}`,
  )
}

/**
 * `--option name=value` pairs as the game's options: each name one the game declares (any case), a
 * value from its list when it has one (true and false as booleans). A refusal lists the options.
 */
export function checkedOptions(r: AnyRuleset, pairs: readonly string[]): Options {
  const declared = r.gameOptions
  const menu = () =>
    declared?.length
      ? `${r.title}'s options:\n${declared.map((o) => `  ${optionLine(o)}`).join('\n')}`
      : `${r.title} has no game options`
  const options: Options = {}
  for (const pair of pairs) {
    const m = /^([a-z][a-z0-9-]*)=(\S*)$/i.exec(pair)
    const name = m?.[1] ?? pair.split('=')[0] ?? pair
    if (name.toLowerCase() === 'early') throw new OptionError('early is set with --no-early, not --option')
    const option = declared ? declared.find((o) => o.name.toLowerCase() === name.toLowerCase()) : undefined
    if (declared && !option) throw new OptionError(`--option ${pair}: no option "${name}"; ${menu()}`)
    if (!m || !m[2]) throw new OptionError(`--option ${pair}: give name=value; ${menu()}`)
    const choice = option?.choices?.find((c) => c.toLowerCase() === m[2]!.toLowerCase())
    if (option?.choices && choice === undefined)
      throw new OptionError(`--option ${pair}: ${option.name} is ${option.values}, not "${m[2]}"`)
    const value = choice ?? m[2]
    options[option?.name ?? name.toLowerCase()] = value === 'true' ? true : value === 'false' ? false : value
  }
  return options
}
