// The arrows between the layers (.dependency-cruiser.cjs; `npm run lint:deps` checks src against
// them): a tiny source tree that breaks each rule once is refused rule by rule, so a rule that
// stopped matching (a renamed folder, a cruise that reads no file) cannot pass unnoticed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brokenArrows, type Violation } from '../../scripts/lint-deps.ts'

/** Each fixture file and what it imports; every file exports one constant. */
const FIXTURE: Record<string, string[]> = {
  'src/util/canonical.ts': [],
  'src/orders/script.ts': [],
  'src/log/store.ts': ['../util/canonical.ts'],
  'src/games/contract.ts': [],
  'src/games/index.ts': ['./alpha/index.ts', './beta/index.ts'],
  'src/games/kit/deck.ts': ['../contract.ts', '../../util/canonical.ts', '../../orders/script.ts'],
  // Breaks kit-is-a-leaf, with an import of types only: a type is an arrow too.
  'src/games/kit/spec.ts': ['type ../../engine/dice.ts'],
  'src/games/alpha/index.ts': ['../kit/deck.ts', '../contract.ts', './rules.ts'],
  'src/games/alpha/rules.ts': ['../../orders/script.ts'],
  // Breaks games-see-only-contract-and-kit.
  'src/games/beta/index.ts': ['../alpha/rules.ts'],
  'src/engine/dice.ts': ['../games/contract.ts', '../reports/render.ts'],
  // Breaks registry-only-from-composition-root and engine-sees-games-through-contract.
  'src/engine/judge.ts': ['../games/index.ts', './dice.ts', '../log/store.ts'],
  // Break no-circular (each other) and engine-below-drivers (mail).
  'src/engine/fold.ts': ['./folding.ts'],
  'src/engine/folding.ts': ['./fold.ts', '../mail/outbox.ts'],
  'src/reports/render.ts': ['../util/canonical.ts'],
  // Breaks reports-below-drivers.
  'src/reports/archive.ts': ['../engine/readerSource.ts', '../schedule/tick.ts'],
  'src/engine/readerSource.ts': [],
  // Breaks reports-hold-no-keys.
  'src/reports/readerCopy.ts': ['../engine/keys.ts'],
  'src/engine/keys.ts': [],
  // Breaks schedule-below-mail-and-cli.
  'src/schedule/tick.ts': ['../engine/judge.ts', '../cli/app.ts'],
  'src/mail/outbox.ts': [],
  // Breaks log-only-through-engine.
  'src/mail/newcomer.ts': ['../log/store.ts', '../engine/judge.ts'],
  // Breaks no-test-code-in-src, and log-only-through-engine: the composition root too opens the
  // database through the engine.
  'src/cli/app.ts': ['../games/index.ts', '../engine/judge.ts', '../../test/helpers/spec.ts', '../log/store.ts'],
  'test/helpers/spec.ts': [],
  // Breaks web-reads-the-reader-port and log-only-through-engine.
  'src/web/server.ts': ['../engine/readerSource.ts', '../engine/keys.ts', '../log/store.ts'],
}

const EXPECTED: Pick<Violation, 'rule' | 'from' | 'to'>[] = [
  { rule: 'kit-is-a-leaf', from: 'src/games/kit/spec.ts', to: 'src/engine/dice.ts' },
  { rule: 'games-see-only-contract-and-kit', from: 'src/games/beta/index.ts', to: 'src/games/alpha/rules.ts' },
  { rule: 'registry-only-from-composition-root', from: 'src/engine/judge.ts', to: 'src/games/index.ts' },
  { rule: 'engine-sees-games-through-contract', from: 'src/engine/judge.ts', to: 'src/games/index.ts' },
  { rule: 'no-circular', from: 'src/engine/fold.ts', to: 'src/engine/folding.ts' },
  { rule: 'engine-below-drivers', from: 'src/engine/folding.ts', to: 'src/mail/outbox.ts' },
  { rule: 'reports-below-drivers', from: 'src/reports/archive.ts', to: 'src/schedule/tick.ts' },
  { rule: 'reports-hold-no-keys', from: 'src/reports/readerCopy.ts', to: 'src/engine/keys.ts' },
  { rule: 'schedule-below-mail-and-cli', from: 'src/schedule/tick.ts', to: 'src/cli/app.ts' },
  { rule: 'log-only-through-engine', from: 'src/mail/newcomer.ts', to: 'src/log/store.ts' },
  { rule: 'log-only-through-engine', from: 'src/cli/app.ts', to: 'src/log/store.ts' },
  { rule: 'no-test-code-in-src', from: 'src/cli/app.ts', to: 'test/helpers/spec.ts' },
  { rule: 'web-reads-the-reader-port', from: 'src/web/server.ts', to: 'src/engine/keys.ts' },
  { rule: 'log-only-through-engine', from: 'src/web/server.ts', to: 'src/log/store.ts' },
]

function writeFixture(root: string): void {
  for (const [path, imports] of Object.entries(FIXTURE)) {
    const lines = imports.map((spec) =>
      spec.startsWith('type ')
        ? `import type { Dice } from '${spec.slice(5)}'\nexport type Seen = Dice`
        : `import '${spec}'`,
    )
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), [...lines, 'export const here: number = 1', ''].join('\n'))
  }
}

describe('the arrows between the layers', () => {
  let root = ''
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'arrows-'))
    writeFixture(root)
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('a source tree that breaks each rule once is refused by each rule, and only there', async () => {
    const found = (await brokenArrows(root)).map(({ rule, from, to }) => ({ rule, from, to }))
    const key = (v: Pick<Violation, 'rule' | 'from' | 'to'>) => `${v.rule}: ${v.from} -> ${v.to}`
    expect(found.map(key).sort()).toEqual(EXPECTED.map(key).sort())
  })
})
