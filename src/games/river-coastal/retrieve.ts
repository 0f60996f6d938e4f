// The retrieve-grounded objective (rulebook §6 L419, digest §2.6 RETRIEVE_GROUNDED and A13, ruling
// RC-79). A side that keeps the card has one of its ships stuck on a sandbar before the battle, and
// the enemy chooses which ship and where: a question to him between the objective cards and the
// hidden deployment, answered `<ship> AT <x>,<y> HEADING <degrees>`, with a default. She must get off
// by the refloat rules (§8 L497-499, with a friend's help, ruling RC-59) and leave by her own side's
// edge; the card is scored in objectives.ts.
import type { Input, NarrativeEntry, Question, Step } from '../contract.ts'
import { PUBLIC } from '../contract.ts'
import type { Point } from '../kit/geometry.ts'
import { hullPolygon, type Pose } from './hull.ts'
import type { RiverCommand } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { SIDES } from './scenario.ts'
import { centreOf, shapesTouch } from './shapes.ts'
import { seenBy } from './sighting.ts'
import { otherSide, type RiverState } from './state.ts'
import { scenarioOf } from './tableLayout.ts'
import { degrees, inches, showInches } from './units.ts'

export const RETRIEVE = 'RETRIEVE_GROUNDED'
/** Upper case: the mail layer reads a DECIDE line's id in upper case. The id names the card's holder. */
export const strandId = (holder: Side) => `STRAND-${holder}`
const FORM = '<ship> AT <x>,<y> HEADING <degrees>'

type Placing = { ship: string; pose: Pose; bar: string }

/** The sandbars that would hold this ship: every bar she draws at least the depth of (ruling RC-11). */
const barsFor = (sc: Scenario, draught: number) =>
  sc.hazards.filter((h) => h.kind === 'sandbar' && (h.depth === undefined || draught >= h.depth))

/** Whether `ship` may be stranded at `pose`: on a bar that holds her, clear of land and ships, on the table. */
function check(state: RiverState, sc: Scenario, pack: RiverPack, ship: string, pose: Pose): Placing | string {
  const s = state.ships[ship]!
  const c = pack.classes[s.classKey]!
  const hull = hullPolygon(pose, { length: c.length, beam: c.beam })
  if (hull.some((p) => p.x < 0 || p.y < 0 || p.x > sc.width || p.y > sc.length)) return 'off the table'
  const land = sc.land.find((l) => shapesTouch(hull, l.polygon))
  if (land) return `on ${land.name}`
  const other = Object.values(state.ships).find((o) => {
    if (o.id === ship) return false
    const oc = pack.classes[o.classKey]!
    return shapesTouch(hull, hullPolygon(o.pose, { length: oc.length, beam: oc.beam }))
  })
  if (other) return `touching ${other.name}`
  const bar = barsFor(sc, s.draught).find((h) => shapesTouch(hull, h.polygon))
  if (!bar) return `on no sandbar that holds a ship drawing ${s.draught / 10} ft`
  return { ship, pose, bar: bar.id }
}

/** Where the default looks on a bar: its middle, then half-way from the middle to each corner, in whole tenths of an inch. */
const spots = (poly: Point[]): Point[] => {
  const c = centreOf(poly)
  const tenth = (v: number) => Math.round(v / 100) * 100
  return [c, ...poly.map((p) => ({ x: tenth((c.x + p.x) / 2), y: tenth((c.y + p.y) / 2) }))]
}

/** The default: the holder's last ship that fits, at the first spot of the first bar that holds her (the
 * random table's bars before its square depths), heading upstream, else across. */
export function defaultStranding(holder: Side, state: RiverState, sc: Scenario, pack: RiverPack): string | null {
  const ships = sc.ships.filter((x) => x.side === holder && state.ships[x.id]).reverse()
  for (const x of ships) {
    const bars = barsFor(sc, state.ships[x.id]!.draught)
    const ordered = [...bars.filter((b) => !b.id.endsWith('-depth')), ...bars.filter((b) => b.id.endsWith('-depth'))]
    for (const b of ordered)
      for (const pos of spots(b.polygon))
        for (const h of [0, 90])
          if (typeof check(state, sc, pack, x.id, { pos, heading: degrees(h) }) !== 'string')
            return `${x.id} AT ${showInches(pos.x)},${showInches(pos.y)} HEADING ${h}`
  }
  return null
}

/** Reads and checks an answer. */
export function readStranding(
  text: string,
  holder: Side,
  state: RiverState,
  sc: Scenario,
  pack: RiverPack,
): Placing | { error: string } {
  const m = /^(\w+)\s+AT\s+(\d+(?:\.\d{1,2})?)\s*,\s*(\d+(?:\.\d{1,2})?)\s+HEADING\s+(\d{1,3})$/i.exec(text.trim())
  if (!m) return { error: `a stranding reads ${FORM}` }
  const id = m[1]!.toUpperCase()
  if (state.ships[id]?.side !== holder) return { error: `${m[1]} is not one of the ${holder} ships` }
  if (Number(m[4]) > 359) return { error: `HEADING ${m[4]}: 0 to 359` }
  const pose = { pos: { x: inches(Number(m[2])), y: inches(Number(m[3])) }, heading: degrees(Number(m[4])) }
  const r = check(state, sc, pack, id, pose)
  return typeof r === 'string' ? { error: `${state.ships[id]!.name} at ${m[2]},${m[3]} would be ${r}` } : r
}

/** The holders of the card whose ship the enemy must place now (a card with no place possible is void, RC-79). */
export const strandingHolders = (state: RiverState, pack: RiverPack): Side[] => {
  const sc = scenarioOf(state, pack)
  return SIDES.filter(
    (side) =>
      state.objectives[side].includes(RETRIEVE) &&
      !state.stranded?.[side] &&
      defaultStranding(side, state, sc, pack) !== null,
  )
}

/** The question to the holder's enemy: which of the holder's ships, and where. */
export function strandQuestion(holder: Side, state: RiverState, pack: RiverPack): Question {
  const sc = scenarioOf(state, pack)
  const fallback = defaultStranding(holder, state, sc, pack)!
  const ships = sc.ships.filter((x) => x.side === holder && state.ships[x.id])
  return {
    decisionId: strandId(holder),
    role: otherSide(holder),
    question: `The ${holder} commander holds the card "retrieve a ship stuck on a sandbar" (§6 L419): place one of his ships stuck on a sandbar that holds her.`,
    options: [{ id: fallback, label: 'the default place' }],
    defaultOption: fallback,
    answer: 'text',
    form: FORM,
    situation: [
      ...ships.map((x) => `${x.id} ${state.ships[x.id]!.name}, draws ${state.ships[x.id]!.draught / 10} ft`),
      ...sc.hazards
        .filter((h) => h.kind === 'sandbar')
        .map(
          (h) =>
            `${h.id}: ${h.depth === undefined ? 'holds any ship' : `holds ships drawing ${h.depth / 10} ft or more`}, about ${showInches(centreOf(h.polygon).x)},${showInches(centreOf(h.polygon).y)}`,
        ),
    ],
  }
}

/** Strands each holder's ship where the enemy put her (else the default); then the deployment or move 1. */
export function resolveStranding(s: RiverState, input: Input<RiverCommand>, pack: RiverPack): Step<RiverState> {
  const sc = scenarioOf(s, pack)
  const state: RiverState = structuredClone(s)
  const narrative: NarrativeEntry[] = []
  for (const holder of strandingHolders(s, pack)) {
    // The answer is checked again on the table as it now is (the other side's ship may lie there).
    const answer = readStranding(input.decisions[strandId(holder)] ?? '', holder, state, sc, pack)
    const fallback = defaultStranding(holder, state, sc, pack)
    const read = 'error' in answer && fallback ? readStranding(fallback, holder, state, sc, pack) : answer
    if ('error' in read) continue // no place left: the card is void (ruling RC-79)
    const p = read
    const ship = state.ships[p.ship]!
    ship.pose = p.pose
    ship.speed = 0
    ship.aground = true
    state.aground[p.ship] = { kind: 'sandbar', attemptsLeft: pack.tables.hazards.sandbar.attempts }
    delete state.directives[p.ship] // out of her column, she keeps no station in it (RC-63)
    state.stranded = { ...state.stranded, [holder]: p.ship }
    narrative.push({
      audience: PUBLIC,
      rule: '§6 L419',
      text: `${ship.name} is stuck on ${p.bar} at ${showInches(p.pose.pos.x)},${showInches(p.pose.pos.y)}, placed by the ${otherSide(holder)} commander: she must be got off and brought out by the ${ownEdge(holder)} edge`,
    })
  }
  state.phase = sc.hiddenDeployment.length ? 'deployment' : 'moves'
  state.seen = { USA: seenBy('USA', state, sc, pack), CSA: seenBy('CSA', state, sc, pack) }
  return { state, narrative, decisions: [], label: 'Ship on a sandbar', finished: false }
}

/** A side's own edge: the Confederates hold the upstream end (ruling RC-9). */
export const ownEdge = (side: Side): 'upstream' | 'downstream' => (side === 'CSA' ? 'upstream' : 'downstream')
