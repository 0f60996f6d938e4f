// Hidden information (issue ruling R-INTEL): the Federal reader never learns the Confederate script,
// the Confederate standing orders, unspotted Confederate positions or face-down whaling values;
// the Confederate never sees the Federal movement held back between the two order deadlines.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp, type App } from '../../src/cli/app.ts'
import { DEMO_DIR, DEMO_GAME, runDemo } from '../../src/cli/demo.ts'
import { foldGame } from '../../src/engine/fold.ts'
import type { OrdersAccepted } from '../../src/engine/events.ts'
import type { SdState } from '../../src/games/sea-devils/state.ts'
import { exportLeaks, readerExport } from '../helpers/readerExport.ts'

let dir: string
let app: App
let federalMail: { file: string; text: string }[]
let confederateMail: { file: string; text: string }[]

async function mailsTo(outbox: string, who: string) {
  const out: { file: string; text: string }[] = []
  for (const f of readdirSync(outbox)
    .filter((n) => n.includes(who))
    .sort()) {
    const m = await simpleParser(readFileSync(join(outbox, f)))
    out.push({ file: f, text: `${m.subject}\n${m.text ?? ''}\n${typeof m.html === 'string' ? m.html : ''}` })
  }
  return out
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pbem-fog-'))
  const result = await runDemo({ dir: join(dir, 'demo') })
  app = openApp({ dataDir: result.dataDir })
  federalMail = await mailsTo(result.outbox, 'federal@')
  confederateMail = await mailsTo(result.outbox, 'confederate@')
})
afterAll(() => {
  app.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The state after each adjudication, re-folded from the log prefix that produced it. */
function statesByPoint(): { point: number; state: SdState }[] {
  const events = app.store.read(`game:${DEMO_GAME}`)
  const secrets = {
    get: (g: string, p: string, n: number) =>
      (
        app.db.prepare('SELECT secret FROM secrets WHERE game=? AND purpose=? AND point=?').get(g, p, n) as
          | { secret: string }
          | undefined
      )?.secret ?? null,
  }
  return events
    .filter((e) => e.type === 'TurnAdjudicated')
    .map((e) => ({
      point: e.data.point as number,
      state: foldGame<SdState>(
        events.filter((x) => x.position <= e.position),
        app.judge.registry,
        secrets,
      ).state,
    }))
}

describe('fog of war in Weak Beginning', () => {
  it('the Federal player is mailed no Confederate-only narrative, in any report', () => {
    const fold = app.judge.load(DEMO_GAME)
    const secretLines = fold.adjudications.flatMap((a) =>
      a.data.narrative
        .filter((n) => n.audience.kind === 'roles' && n.audience.roles.includes('confederate'))
        .map((n) => n.text),
    )
    expect(secretLines.length).toBeGreaterThan(20)
    for (const mail of federalMail) for (const line of secretLines) expect(mail.text, mail.file).not.toContain(line)
  })

  it('the Federal player never sees the Confederate script, standing orders or key', () => {
    const fold = app.judge.load(DEMO_GAME)
    const scripts = [...fold.receipts.values()]
      .map((r) => r.data)
      .filter((d): d is OrdersAccepted => d.role === 'confederate' && 'normalised' in d)
    const written = readdirSync(DEMO_DIR)
      .filter((f) => f.includes('confederate'))
      .flatMap((f) => readFileSync(join(DEMO_DIR, f), 'utf8').split(/\r?\n/))
      .filter((l) => /^(SUM|NASH|POLICY|SEMMES)\b/.test(l))
    expect(written.length).toBeGreaterThan(10)
    const key = app.judge.keyFor(DEMO_GAME, 'confederate')
    for (const mail of federalMail) {
      for (const s of scripts) for (const n of s.normalised) expect(mail.text, mail.file).not.toContain(n)
      for (const l of written) expect(mail.text, mail.file).not.toContain(l.trim())
      expect(mail.text).not.toContain(key)
      expect(mail.text).not.toMatch(/POLICY (SUM|NASH|SEMMES)|ON SPOTTED|ON BLOCKADER/)
    }
  })

  it('an unspotted Confederate position never reaches a Federal view or report', () => {
    let hidden = 0
    for (const { point, state } of statesByPoint()) {
      const view = JSON.stringify(app.judge.load(DEMO_GAME).ruleset.view(state, { kind: 'role', role: 'federal' }))
      // The report that shows the state after `point`; none when it waited and went with a later one.
      const report = federalMail.find(
        (m) =>
          m.text.includes('Report for') &&
          (m.text.includes(`(resolution ${point})`) || m.text.includes(` to ${point}, in order below`)),
      )
      if (!report) continue
      for (const s of Object.values(state.csa)) {
        if (s.status !== 'map') continue
        // Known = the Federal's last sighting is where the ship still is (e.g. it has lain in port since).
        const known = s.knownToFederal !== null && s.knownToFederal.area === s.area
        if (known) continue
        hidden++
        expect(view).not.toMatch(new RegExp(`"id":"${s.id}"[^}]*"area":"${s.area}"`))
        for (const line of report.text.split('\n'))
          if (line.includes(s.id)) expect(line, `${report.file}: ${line}`).not.toMatch(new RegExp(`\\b${s.area}\\b`))
      }
    }
    expect(hidden).toBeGreaterThan(2)
  })

  it('face-down whaling values are in no player view or mail; the moderator sees them', () => {
    const { state } = statesByPoint()[0]!
    const ruleset = app.judge.load(DEMO_GAME).ruleset
    for (const role of ['federal', 'confederate']) {
      const view = ruleset.view(state, { kind: 'role', role }) as Record<string, unknown>
      expect(view.whalingValues).toBeUndefined()
    }
    expect(ruleset.view(state, { kind: 'observer' }).whalingValues).toBeUndefined()
    expect(ruleset.view(state, { kind: 'moderator' }).whalingValues).toEqual(state.whaling)
    for (const mail of [...federalMail, ...confederateMail])
      expect(mail.text).not.toMatch(/whaling counter revealed: density/)
  })

  it('the Confederate player never sees the Federal movement held back for Phase 3', () => {
    for (const { state } of statesByPoint()) {
      const ruleset = app.judge.load(DEMO_GAME).ruleset
      expect(ruleset.view(state, { kind: 'role', role: 'confederate' }).pendingFederal).toBeUndefined()
      expect(ruleset.view(state, { kind: 'observer' }).pendingFederal).toBeUndefined()
    }
    const heldBack = ['MOVE KEAR D3 D5', 'MOVE TUSC C22 C23 C12', 'MOVE KEAR C6 D1 C5']
    const ackToFederal = federalMail.filter((m) => /Orders accepted/.test(m.text))
    expect(ackToFederal.some((m) => m.text.includes('MOVE KEAR D3 D5'))).toBe(true)
    // Before Phase 3 runs, the Confederate's report of the Federal placement shows no destination.
    // The report of a placement takes the one of the turn before with it (reportBatch.ts): that
    // turn's moves are old news, and the held-back plan must be in none of the rest.
    const placementReports = confederateMail
      .filter((m) => /results of GT\d Federal placement|=== Resolution \d+: GT\d Federal placement/.test(m.text))
      .map((m) => ({
        ...m,
        text: m.text
          .replace(/=== Resolution \d+: GT\d Federal movement[^\n]*===\n[\s\S]*?(?====)/g, '')
          .replace(
            /<h2 class="resolution">Resolution \d+: GT\d Federal movement[\s\S]*?(?=<h2 class="resolution">)/g,
            '',
          ),
      }))
    expect(placementReports.length).toBe(3)
    for (const m of placementReports)
      for (const h of heldBack) expect(m.text).not.toContain(h.replace('MOVE ', '').replace(/ /g, ' -> '))
  })

  it("each side's `pbem export` holds no key, no judge's hash and nothing of the other side (demo orders carry KEY lines)", () => {
    for (const role of ['federal', 'confederate'])
      expect(exportLeaks(app, DEMO_GAME, { kind: 'role', role }), role).toEqual([])
    expect(exportLeaks(app, DEMO_GAME, { kind: 'observer' })).toEqual([])
    // The Federal's own orders are in his copy, their KEY line blanked.
    const { json } = readerExport(app, DEMO_GAME, { kind: 'role', role: 'federal' })
    expect(json).toContain('KEY (key withheld)\\nSALT welles-1861')
    expect(json).toContain('MOVE K-STAT C14 C11')
  })
})
