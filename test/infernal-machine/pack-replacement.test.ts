// A player with the printed game replaces synthetic or disputed values: a replacement file naming
// only the tables it corrects, merged over the embedded pack, checked by the pack's schemas, given
// to `pbem game create --data-pack` (the judge's createGame) and to `pbem data check`.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ImState } from '../../src/games/infernal-machine/index.ts'
import { infernalMachineFactory } from '../../src/games/infernal-machine/index.ts'
import { bindImPack, rawImPack } from '../../src/games/infernal-machine/pack.ts'
import { mergePackOverlay } from '../../src/games/infernal-machine/packOverlay.ts'
import { sourceOf } from '../../src/games/infernal-machine/provenance.ts'
import { testApp } from '../helpers/app.ts'
import { cliSandbox } from '../helpers/cli.ts'

const { dir, pbem } = cliSandbox('pbem-im-pack-')

/** The Hatch at $3, the other price the Rule Book prints (ruling IM-25), read off a player's copy. */
function hatchAtThree() {
  const components = (rawImPack().fishboat as any).components.map((c: any) =>
    c.id === 'hatch' ? { ...c, cost: 3, src: 'rules p.47 Hatch $3 (my printed Cyclopedia)' } : c,
  )
  return { overlay: true, about: 'hatch price from my copy', fishboat: { components } }
}

describe('Infernal Machine replacement pack (data pack)', () => {
  it('p.6 a replaced table takes the place of the embedded one, with its own provenance; the rest stays', () => {
    const table = (rawImPack().tactical as any).detonationTable.map((row: any) => ({
      ...row,
      src: 'rules p.6 Detonation Table (printed board)',
    }))
    table[1] = { ...table[1], below: ['B', 'B', 'B'] }
    const merged = mergePackOverlay({ overlay: true, tactical: { detonationTable: table } }, rawImPack())
    const pack = bindImPack(merged)
    expect(pack.tactical.detonationTable[1]!.below).toEqual(['B', 'B', 'B'])
    expect(pack.provenance.get('tactical/detonationTable/1/below')).toBe('rules p.6 Detonation Table (printed board)')
    // Untouched tables keep the embedded values and sources (p.5 detection, synthetic Nav cards).
    expect(merged.mission).toEqual(rawImPack().mission)
    expect(sourceOf(pack.provenance, 'tactical/detection/awash/dim')).toBe(
      sourceOf(bindImPack(rawImPack()).provenance, 'tactical/detection/awash/dim'),
    )
  })

  it('refuses a misspelt part or table by name, a record without a source, and a file that is neither', () => {
    const load = (raw: unknown) => () => infernalMachineFactory.loadPack(raw)
    expect(load({ overlay: true, tactics: {} })).toThrow(/replacement pack: \(top\): Unrecognized key.*tactics/)
    expect(load({ overlay: true, tactical: { detonationTabel: [] } })).toThrow(
      /tactical has no table detonationTabel; its tables: .*detonationTable/,
    )
    expect(load({ overlay: true, tactical: { id: 'mine' } })).toThrow(/tactical\/id is the part's own name/)
    const unsourced = hatchAtThree()
    delete (unsourced.fishboat.components.find((c: any) => c.id === 'hatch') as any).src
    expect(load(unsourced)).toThrow(/values without provenance: .*fishboat\.components/)
    // Without `"overlay": true` the file must be a whole pack: a part alone is not one.
    expect(load({ fishboat: hatchAtThree().fishboat })).toThrow()
  })

  it('IM-25 the game created with the file plays its values: a Hatch built costs $3, not $4', () => {
    const funds = (pack?: unknown) => {
      const app = testApp('im-pack')
      try {
        app.judge.createGame({
          game: 'im-pack',
          ruleset: 'infernal-machine',
          scenario: 'campaign-csa',
          players: [{ role: 'captain', address: 'hunley@example.test', name: 'Hunley' }],
          zone: 'UTC',
          ...(pack ? { pack } : {}),
        })
        for (const mail of ['RECRUIT MECHANIC KEEP ALL', 'BUILD needle-prow section chisel-stern hatch@1']) {
          app.judge.submitOrders('im-pack', 'captain', mail)
          expect(app.judge.adjudicate('im-pack').committed).toBe(true)
        }
        const fold = app.judge.load('im-pack')
        // The game keeps the whole merged pack: it re-folds from its own copy.
        expect(fold.created.packId).toMatch(pack ? /^infernal-machine:replaced-/ : /synthetic-1$/)
        const c = (fold.state as ImState).campaign!
        return { funds: c.funds }
      } finally {
        app.cleanup()
      }
    }
    const embedded = funds()
    const replaced = funds(hatchAtThree())
    expect(replaced.funds - embedded.funds).toBe(1)
  })

  it('`pbem data check --ruleset infernal-machine <file>` says whether a replacement file is sound', () => {
    const check = (name: string, raw: unknown) => {
      writeFileSync(join(dir, name), JSON.stringify(raw))
      return pbem('data', 'check', '--ruleset', 'infernal-machine', join(dir, name))
    }
    const good = check('hatch.json', hatchAtThree())
    expect(good.status, good.stderr).toBe(0)
    expect(good.stdout).toMatch(/^infernal-machine: infernal-machine:replaced-[0-9a-f]{12}: valid \(sha256 /)
    const bad = check('typo.json', { overlay: true, campaign: { calender: {} } })
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('campaign has no table calender')
  }, 60_000)
})
