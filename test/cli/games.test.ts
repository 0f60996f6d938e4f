// `pbem games` and `pbem game create`: the moderator learns each game's roles, scenarios and options
// from the judge itself, and a missing or wrong choice is answered with the list of valid ones.
import { describe, expect, it } from 'vitest'
import { catalogueLines, checkedOptions, checkedRuleset, checkedScenario, rulesetOf } from '../../src/cli/catalogue.ts'
import { rulesetIds } from '../../src/games/index.ts'
import { cliSandbox } from '../helpers/cli.ts'

const { pbem } = cliSandbox('pbem-games-')

describe('pbem games', () => {
  it('lists every registered game with its roles, every scenario, its options and a create line with its roles', () => {
    const text = catalogueLines().join('\n')
    for (const id of rulesetIds()) {
      const r = rulesetOf(id)
      expect(text).toContain(`${id}: ${r.title}\n  roles: ${r.roles.join(', ')}`)
      for (const s of r.scenarios) expect(text).toContain(`    ${s.id}: ${s.title}`)
      for (const o of r.gameOptions ?? []) expect(text).toContain(`    ${o.name}=<${o.values}>`)
      const example = text.split('\n').find((l) => l.includes(`--ruleset ${id} `))!
      for (const role of r.rolesFor?.(r.scenarios[0]!.id, {}) ?? r.roles) expect(example).toContain(`--player ${role}=`)
    }
    expect(text).toContain('--player union=')
    expect(text).toContain('--player usa=')
  })

  it('runs from the command line', () => {
    const r = pbem('games')
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain('--player federal=')
  })
})

describe('pbem game create: choices listed', () => {
  it('a missing or unknown --ruleset lists the games', () => {
    expect(() => checkedRuleset(undefined)).toThrow(
      `name the game with --ruleset; the games: ${rulesetIds().join(', ')}`,
    )
    expect(() => checkedRuleset('monitor')).toThrow('--ruleset monitor is not a game this judge runs; the games: ')
  })

  it('a missing or unknown --scenario lists the scenarios of the game', () => {
    const r = rulesetOf(rulesetIds()[0]!)
    const all = r.scenarios.map((s) => `  ${s.id}: ${s.title}`)
    for (const given of [undefined, 'no-such-scenario']) {
      const message = (() => {
        try {
          checkedScenario(r, given)
        } catch (e) {
          return (e as Error).message
        }
        return 'accepted'
      })()
      for (const line of all) expect(message).toContain(line)
    }
    expect(checkedScenario(r, r.scenarios[0]!.id)).toBe(r.scenarios[0]!.id)
  })

  it('an unknown option, a bare name or a value off the list is refused with the options; names in any case', () => {
    const im = rulesetOf('infernal-machine')
    expect(() => checkedOptions(im, ['fog=maybe'])).toThrow(
      '--option fog=maybe: fog is on or off (default off), not "maybe"',
    )
    expect(() => checkedOptions(im, ['fog'])).toThrow(
      "--option fog: give name=value; Infernal Machine's options:\n  fog=<on or off",
    )
    expect(() => checkedOptions(im, ['mist=on'])).toThrow('no option "mist"')
    expect(checkedOptions(im, ['FOG=ON'])).toEqual({ fog: 'on' })
    const rc = rulesetOf('river-coastal')
    expect(checkedOptions(rc, ['objectivecards=TRUE', 'spars=U1'])).toEqual({ objectiveCards: true, spars: 'U1' })
    expect(() => checkedOptions(rulesetOf('sea-devils'), ['fog=on'])).toThrow('Sea Devils has no game options')
  })

  it('the command line says the same, exit status 1', () => {
    const r = pbem('game', 'create', 'g1', '--ruleset', 'river-coastal')
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('name the scenario with --scenario; ACW River and Coastal Naval Actions has:')
    expect(r.stderr).toContain('  passing-the-fort: Passing the Fort')
  })
})
