// `pbem demo --game <id>`: every game's demo plays its sample order mails through the real intake,
// judge and outbox, to the game's result or to a stopping point it names, and says where the mails went.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runDemo } from '../../src/cli/demo.ts'
import { rulesetFactory, rulesetIds } from '../../src/games/index.ts'
import { cliSandbox } from '../helpers/cli.ts'

const { dir, pbem } = cliSandbox('pbem-demo-')

describe('pbem demo --game', () => {
  it.each(rulesetIds())(
    '%s: every sample mail accepted, played to a result or a named stopping point',
    async (id) => {
      const lines: string[] = []
      const r = await runDemo({ dir: join(dir, id), game: id, log: (l) => lines.push(l) })
      const demo = rulesetFactory(id).demo!
      const samples = readdirSync(demo.mails).filter((f) => f.endsWith('.eml'))
      expect(samples.length).toBeGreaterThan(0)
      expect(
        readdirSync(join(r.dataDir, 'inbox', 'processed'))
          .filter((f) => f.endsWith('.eml'))
          .sort(),
      ).toEqual(samples.sort())
      const read = lines.filter((l) => l.startsWith('Resolution ')).join('\n')
      expect(read).not.toMatch(/rejected|refused|failed|unidentified/)
      expect(r.outcome !== null || r.stopped !== null).toBe(true)
      if (r.outcome) expect(r.stopped).toBeNull()
      else expect(r.stopped).toMatch(/awaits|waits for/)
      expect(readdirSync(r.outbox).length).toBeGreaterThan(samples.length)
    },
    120_000,
  )

  it('from the command line: the game named, where the reports and the order mails went; an unknown game refused', () => {
    const run = (...args: string[]) => pbem('demo', ...args)
    const r = run('--game', 'infernal-machine', '--dir', join(dir, 'cli'))
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain(`Created ${rulesetFactory('infernal-machine').demo!.gameId}`)
    expect(r.stdout).toMatch(/^(Final|Stopped): /m)
    expect(r.stdout).toContain(`Reports and acknowledgements: ${join(dir, 'cli', 'outbox')}`)
    expect(r.stdout).toContain(`Order mails read: ${join(dir, 'cli', 'inbox', 'processed')}`)
    const bad = run('--game', 'monitor', '--dir', join(dir, 'bad'))
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain(`--game monitor: no demo; the games with one: ${rulesetIds().join(', ')}`)
  }, 120_000)
})
