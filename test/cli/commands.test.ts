// The command tree as an operator meets it: every command and option says what it does, and output
// piped into a reader that stops early (`| head`) ends the command quietly.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { commands, program } from './tree.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'pbem-commands-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const env = { ...process.env, PBEM_DATA_DIR: dir, PBEM_CONFIG: '' }
const pbem = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/pbem.js', '--data', dir, ...args], { cwd: root, encoding: 'utf8', env })
/** `pbem <args> | head -1` in a shell: the exit status of pbem itself and what it wrote to stderr. */
const piped = (args: string) =>
  spawnSync(
    'bash',
    ['-c', `node bin/pbem.js --data ${dir} ${args} | head -1 >/dev/null; echo "\${PIPESTATUS[0]}" >&2`],
    {
      cwd: root,
      encoding: 'utf8',
      env,
    },
  )

describe('pbem commands', () => {
  it('every command and every option has a description', async () => {
    const bare = commands(await program()).flatMap(({ path, command }) => [
      ...(command.description() ? [] : [`pbem ${path}`]),
      ...command.options.filter((o) => !o.description).map((o) => `pbem ${path} ${o.flags}`),
    ])
    expect(bare).toEqual([])
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
    for (const args of ['game status g1', 'history g1 --as moderator', '--help']) {
      const r = piped(args)
      expect(r.stderr, args).not.toMatch(/EPIPE|Error/)
      expect(r.stderr.trim(), args).toBe('0')
    }
  })
})
