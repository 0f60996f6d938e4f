// Every table case with its section number. Each part of the data pack's tables
// (data/tables.json, digest §2) is listed here with the test files that exercise its cases and the
// rule reference each of those files cites in a test name. The test fails when a part of the pack has
// no entry (a new table added without tests), or when a listed file or its cited test name is gone.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import tablesJson from '../../src/games/river-coastal/data/tables.json' with { type: 'json' }

type Cite = [file: string, ...references: string[]]
const COVERAGE: Record<string, Cite[]> = {
  derived: [['pack', '§3 L85', '§3 L107-111']],
  penetration: [['pack', '§3 L91-101']],
  crew: [
    ['pack', '§3 L119-125'],
    ['upkeep', '§3 L121', '§3 L125'],
  ],
  captain: [
    ['table-officers-morale', '§4 L161-165'],
    ['gunnery', '§4 L237'],
  ],
  fortCommander: [
    ['table-officers-morale', '§4 L213-217'],
    ['ashore', '§4 L221 §10 L969'],
  ],
  movement: [
    ['orders', '§7 L441', '§7 L449-453'],
    ['movement', '§7 L429', '§7 L463'],
  ],
  turningRadius: [
    ['turning', '§7 L471', '§7 L481'],
    ['pack', '§7 L471-481'],
    ['fire-ships', '§7 L479'],
  ],
  hazards: [
    ['table-hazards', '§8 L493', '§8 L495', '§8 L507', '§8 L509', '§8 L497', '§8 L511'],
    ['upkeep', '§8 L499', '§8 L513'],
    ['movement', '§8 L501'],
    ['small-craft', '§8 L525', '§8 L527'],
    ['wrecks', '§8 L531'],
  ],
  visibility: [
    ['sight', '§9 L537'],
    ['smoke', '§9 L563-569'],
    ['table-officers-morale', '§9 L585', '§9 L589'],
  ],
  rangeBands: [
    ['table-gunnery', '§9 L597-601'],
    ['gunnery', '§9 L597-601'],
  ],
  toHit: [
    ['gunnery', '§9 L625'],
    ['sight', '§9 L625 ruling RC-28'],
  ],
  guns: [
    ['table-gunnery', '§9 L659-691'],
    ['gunnery', '§9 L609', '§9 L619-621'],
  ],
  arcs: [['sight', '§9 L649', '§9 L647', '§9 L643-645']],
  damage: [
    ['gunnery', '§9 L611', '§9 L799-803'],
    ['table-criticals', '§9 L717'],
  ],
  criticals: [['table-criticals', '§9 L719-795', '§9 L795']],
  mine: [['table-hazards', '§9 L813', '§9 L815', '§9 L817', '§9 L819']],
  sparTorpedo: [['table-spar', '§9 L827', '§9 L829', '§9 L831', '§9 L833']],
  forts: [
    ['pack', '§6.2 Passing the Fort'],
    ['ashore', '§9 L903-905'],
    ['buildings', '§9 L889', '§9 L903'],
  ],
  morale: [
    ['table-officers-morale', '§10 L933-943', '§10 L947-951', '§10 L955', '§10 L961', '§10 L965', '§10 L967'],
    ['ramming-morale', '§10 L971-973'],
  ],
  ramming: [
    ['table-ramming', '§11 L1009-1041', '§11 L1047-1053', '§11 L1071-1079', '§11 L1087-1097', '§11 L1105-1109'],
    ['table-criticals', '§11 L1067-1071'],
    ['movement', '§11 L985'],
  ],
  boarding: [['ashore', '§12 L1117-1123']],
  landing: [['ashore', '§12 L1129-1133']],
  balloon: [['balloons', '§7 L483', '§7 L485']],
  anchor: [['ashore', '§12 L1143']],
  mortars: [
    ['mortars', '§9 L837', '§9 L851', '§9 L857-861', '§9 L863'],
    ['table-mortars', '§9 L857-871', '§9 L873-877'],
    ['buildings', '§9 L861, L867, L877', '§9 L865, L871'],
  ],
  sideWheelRadii: [['table', '§7 L479']],
  randomTable: [['table', '§5 L291-301', '§5 L355-359', '§5 L303, L377-385', '§5 L283', '§5 L267 ruling RC-57']],
  directives: [
    ['directives', 'ruling RC-54'],
    ['helm', '§8 L489'],
  ],
  objectives: [['pregame', '§6 L395', '§6 L413 ruling RC-65']],
  fireShips: [['fire-ships', '§9 L543', '§9 L549, L553', '§9 L547, L553', '§9 L557-559']],
}

/** The digest section (its §2 restates the rulebook's tables) where each part of the pack comes from. */
const SECTION: Record<string, string> = {
  derived: '§2.1',
  penetration: '§2.2',
  crew: '§2.3',
  captain: '§2.4',
  fortCommander: '§2.4',
  randomTable: '§2.5',
  objectives: '§2.6',
  movement: '§2.7',
  turningRadius: '§2.7',
  sideWheelRadii: '§2.7',
  balloon: '§2.7',
  hazards: '§2.8',
  visibility: '§2.9',
  fireShips: '§2.9',
  guns: '§2.10',
  rangeBands: '§2.11',
  toHit: '§2.11',
  arcs: '§2.12',
  damage: '§2.13',
  criticals: '§2.13',
  mine: '§2.14',
  sparTorpedo: '§2.14',
  mortars: '§2.14',
  forts: '§2.14',
  morale: '§2.15',
  ramming: '§2.16',
  boarding: '§2.17',
  landing: '§2.17',
  anchor: '§2.17',
  directives: '§4.4',
}

/** The names of a test file's tests and groups: the quoted strings that open with a rule reference. */
function testNames(file: string): string[] {
  const text = readFileSync(new URL(`./${file}.test.ts`, import.meta.url), 'utf8')
  const quoted = [...text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]!)
  return quoted.filter((q) => /^(§|digest|ruling)/.test(q))
}

describe('every table case with its section number', () => {
  it('digest §2 every part of the tables pack has tests listed here, and nothing listed is missing from the pack', () => {
    const parts = Object.keys(tablesJson).filter((k) => k !== 'id' && k !== 'source')
    expect(Object.keys(COVERAGE).sort()).toEqual(parts.sort())
    expect(Object.keys(SECTION).sort()).toEqual(parts.sort())
  })

  for (const [part, cites] of Object.entries(COVERAGE))
    it(`digest ${SECTION[part]} ${part}: each listed file has a test citing each reference`, () => {
      for (const [file, ...refs] of cites) {
        const names = testNames(file)
        for (const ref of refs)
          expect(
            names.some((n) => n.includes(ref)),
            `${file}: ${ref}`,
          ).toBe(true)
      }
    })
})
