// The judge's letters carry the display name the operator configures (PBEM_JUDGE_NAME or
// judgeName in the configuration file), not a game's name.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openApp, type App } from '../../src/cli/app.ts'
import { DEFAULT_JUDGE_NAME } from '../../src/engine/judge.ts'
import { loadMailConfig } from '../../src/mail/config.ts'
import { createFixtureDuel, outboxRows } from '../helpers/app.ts'

const opened: { app: App; dir: string }[] = []
afterEach(() => {
  for (const { app, dir } of opened.splice(0)) {
    app.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
function judgeWith(env: Record<string, string>): App {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-name-'))
  const app = openApp({ dataDir: dir, mail: loadMailConfig(env), mailDomain: 'judge.example.test' })
  opened.push({ app, dir })
  createFixtureDuel(app)
  return app
}

describe('the sender name', () => {
  it('is neutral by default', () => {
    const app = judgeWith({})
    expect(DEFAULT_JUDGE_NAME).toBe('PBEM judge')
    const froms = new Set(outboxRows(app).map((r) => (r.mail as { from?: string }).from))
    expect([...froms]).toEqual(['PBEM judge <orders@judge.example.test>'])
  })

  it('comes from PBEM_JUDGE_NAME, quoted where it needs to be', () => {
    expect(judgeWith({ PBEM_JUDGE_NAME: 'Harbour judge' }).judge.fromAddress).toBe(
      'Harbour judge <orders@judge.example.test>',
    )
    const app = judgeWith({ PBEM_JUDGE_NAME: 'St. Louis Club, umpire' })
    expect(app.judge.fromAddress).toBe('"St. Louis Club, umpire" <orders@judge.example.test>')
    expect(outboxRows(app).every((r) => (r.mail as { from?: string }).from === app.judge.fromAddress)).toBe(true)
  })

  it('refuses a name that would break the header', () => {
    expect(() => loadMailConfig({ PBEM_JUDGE_NAME: 'judge\r\nBcc: x@evil.test' })).toThrow(
      /judgeName \(PBEM_JUDGE_NAME\)/,
    )
    expect(() => loadMailConfig({ PBEM_JUDGE_NAME: 'a <b@c>' })).toThrow(/without <, > or "/)
  })
})
