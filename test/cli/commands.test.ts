// The command tree as an operator meets it: every command and option says what it does, and output
// piped into a reader that stops early (`| head`) ends the command quietly.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { cliSandbox, ROOT } from '../helpers/cli.ts'
import { commands, program } from './tree.ts'

const { dir, env, pbem } = cliSandbox('pbem-commands-')
/** `pbem <args> | head -1` in a shell: the exit status of pbem itself and what it wrote to stderr. */
const piped = (args: string) =>
  spawnSync(
    'bash',
    ['-c', `node bin/pbem.js --data ${dir} ${args} | head -1 >/dev/null; echo "\${PIPESTATUS[0]}" >&2`],
    { cwd: ROOT, encoding: 'utf8', env },
  )

describe('pbem commands', () => {
  it('every command and every option has a description', async () => {
    const bare = commands(await program()).flatMap(({ path, command }) => [
      ...(command.description() ? [] : [`pbem ${path}`]),
      ...command.options.filter((o) => !o.description).map((o) => `pbem ${path} ${o.flags}`),
    ])
    expect(bare).toEqual([])
  })

  it('reads noun then verb; the old top-level spellings still run, hidden, under the same options', async () => {
    const root = await program()
    const visible = root.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden).map((c) => c.name())
    expect(visible.sort()).toEqual(
      [
        'data',
        'db',
        'demo',
        'dice',
        'game',
        'games',
        'mail',
        'outbox',
        'player',
        'schedule',
        'secret',
        'serve',
        'tick',
      ].sort(),
    )
    const moved: Record<string, string[]> = {
      game: [
        'check',
        'adjudicate',
        'verify',
        'pause',
        'resume',
        'extend',
        'deadline',
        'preview',
        'decide',
        'history',
        'readjudicate',
        'export',
      ],
      mail: ['receipt'],
      player: ['key'],
    }
    for (const [noun, verbs] of Object.entries(moved))
      for (const verb of verbs) {
        const now = root.commands.find((c) => c.name() === noun)!.commands.find((c) => c.name() === verb)
        const old = root.commands.find((c) => c.name() === verb)
        expect(now, `pbem ${noun} ${verb}`).toBeDefined()
        expect(old?.description(), `pbem ${verb}`).toContain(`the old spelling of pbem ${noun} ${verb}`)
        expect(old!.options.map((o) => o.flags)).toEqual(now!.options.map((o) => o.flags))
      }
  })

  it('a reader that stops early (| head) ends the command quietly, exit status 0, no EPIPE', () => {
    const created = pbem(
      'game',
      'create',
      'g1',
      '--ruleset',
      'sea-devils',
      '--scenario',
      'weak-beginning',
      '--player',
      'federal=fed@example.test',
      '--player',
      'confederate=reb@example.test',
    )
    expect(created.status, created.stderr).toBe(0)
    for (const args of ['game status g1', 'game history g1 --as moderator', '--help']) {
      const r = piped(args)
      expect(r.stderr, args).not.toMatch(/EPIPE|Error/)
      expect(r.stderr.trim(), args).toBe('0')
    }
  })
})

describe('one numbering of resolutions', () => {
  it('game history --resolution n shows resolution n, as REPORT n numbers it; --game-turn n the game turn', () => {
    const adjudicated = pbem('game', 'adjudicate', 'g1', '--force')
    expect(adjudicated.status, adjudicated.stderr).toBe(0)
    expect(pbem('game', 'adjudicate', 'g1', '--force').status).toBe(0)
    const heading = /^Resolution (\d+) \(/gm
    const points = (out: string) => [...out.matchAll(heading)].map((m) => Number(m[1]))
    expect(points(pbem('game', 'history', 'g1', '--as', 'moderator').stdout)).toEqual([1, 2])
    const second = pbem('game', 'history', 'g1', '--as', 'federal', '--resolution', '2')
    expect(points(second.stdout)).toEqual([2])
    const turn = pbem('game', 'history', 'g1', '--as', 'moderator', '--game-turn', '1')
    expect(points(turn.stdout).length).toBeGreaterThan(0)
    expect(turn.stdout).not.toMatch(/\(GT2\b/)
    expect(pbem('game', 'history', 'g1', '--as', 'moderator', '--resolution', '9').stdout).toContain(
      'no resolution matches',
    )
    const dice = pbem('dice', 'verify', 'g1', '--resolution', '2')
    expect(dice.stdout).toMatch(/^resolution 2 /m)
    expect(dice.stdout).not.toMatch(/^resolution 1 /m)
    const old = pbem('history', 'g1', '--as', 'moderator', '--turn', '1')
    expect(old.stdout).toBe(turn.stdout)
    expect(old.stderr).toContain('pbem history is now pbem game history')
  })
})
