// The report model the River & Coastal templates read (digest §8 reports, DESIGN 7-8b): built only
// from the reader's redacted view, so a template cannot show what the view leaves out. Own ships in
// full (speed, heading, hull and crew, captain, morale standing, guns out), enemy ships in sight by
// position and heading only, the forts, the parties ashore and the plot's legend.
import type { Viewer } from '../contract.ts'
import { moraleModifiers } from './morale.ts'
import { describeDirective } from './directives.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario } from './scenario.ts'
import { canMove, type ShipState } from './ship.ts'
import type { RiverState } from './state.ts'
import { riverView } from './view.ts'

type ViewShip = ReturnType<typeof riverView>['ships'][number]

const STATUS: Record<string, string> = {
  afloat: 'afloat',
  abandoned: 'abandoned by her crew',
  sunk: 'sunk',
  exploded: 'blown up',
  captured: 'captured',
}

const where = (v: ViewShip) => `(${v.x},${v.y}) heading ${v.heading}`

/** §10 L913-973: the modifiers that would stand if the ship tested now, with no fire on her. */
function moraleStanding(s: ShipState, state: RiverState, pack: RiverPack): string {
  const c = pack.classes[s.classKey]!
  const mods = moraleModifiers(
    s,
    { canMove: canMove(s, c.maxSpeed, state.move), underFire: false },
    state.move,
    pack.tables,
  )
  const total = mods.reduce((a, m) => a + m.value, 0)
  return `D6 ${total >= 0 ? '+' : ''}${total}`
}

function ownLine(v: ViewShip, s: ShipState, state: RiverState, pack: RiverPack) {
  const guns = Object.entries(s.guns)
  const out = guns
    .filter(([, g]) => g.status !== 'ok' || !g.crewed)
    .map(([id, g]) => `${id} ${g.status === 'ok' ? 'uncrewed' : g.status}`)
  const effects = s.effects
    .filter((e) => e.until === 'game' || e.until >= state.move)
    .map((e) => `${e.kind}${e.amount ? ` ${e.amount}` : ''}${e.until === 'game' ? '' : ` to move ${e.until}`}`)
  const crewLeft = s.cpvStart - s.cpvLost
  const d = state.directives?.[s.id]
  const flags = [
    s.aground ? 'aground' : '',
    s.anchored ? 'at anchor' : '',
    s.fire ? 'on fire' : '',
    s.blaze?.alight ? 'alight (a fire ship, §9 L543)' : '',
    s.balloon ? `balloon ${s.balloon.raisedIn === undefined ? 'stowed' : 'up'}` : '',
    d ? `directive ${describeDirective(d)}` : '',
  ].filter(Boolean)
  return {
    id: v.id,
    name: v.name,
    class: v.class,
    at: v.exited ? `left the table (${v.exited})` : where(v),
    speed: s.speed,
    status: STATUS[s.status] ?? s.status,
    hull: `${s.spv}/${s.spvStart} SPV (PV ${s.pv})`,
    damaged: s.spv < s.spvStart,
    crew: `${crewLeft}/${s.cpvStart} CPV; engine ${s.crew.engine}, boiler ${s.crew.boiler}, spare ${s.crew.spare}`,
    captain: s.captain.alive ? `${s.captain.quality} captain` : 'captain killed',
    morale: moraleStanding(s, state, pack),
    guns: `${guns.length - out.length} of ${guns.length} guns fit to fire${out.length ? ` (${out.join(', ')})` : ''}`,
    effects: effects.join(', '),
    flags: flags.join(', '),
  }
}

export function riverReportModel(state: RiverState, viewer: Viewer, sc: Scenario, pack: RiverPack) {
  const view = riverView(state, viewer, sc, pack)
  const own = (side: string) => viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === side)
  const mine = view.ships.filter((v) => own(v.side))
  const enemies = view.ships.filter((v) => !own(v.side))
  const placeName = new Map(sc.places.map((p) => [p.id, p.name]))
  const phase =
    state.phase === 'table'
      ? 'before the battle: laying out the table'
      : state.phase === 'objectives'
        ? 'before the battle: choosing objectives'
        : state.phase === 'stranding'
          ? 'before the battle: a ship stuck on a sandbar'
          : state.phase === 'deployment'
            ? 'before the battle: hidden deployment'
            : `move ${state.move} of ${state.moves}`
  return {
    view,
    rc: {
      scenario: sc.title,
      kind: sc.kind === 'river' ? 'river' : 'estuary',
      phase,
      sight: `${view.fog === null ? 'clear: 50" sight' : `fog: ${view.fog}" sight`}${state.weather ? (state.weather.wind === 'none' ? '; still air, smoke lingers' : `; wind from the ${state.weather.wind}, smoke clears`) : ''}`,
      side: viewer.kind === 'role' ? viewer.role : viewer.kind,
      own: mine.map((v) => ownLine(v, state.ships[v.id]!, state, pack)),
      enemies: enemies.map((v) => ({
        id: v.id,
        name: v.name,
        class: v.class,
        at: where(v),
        status: `${STATUS[v.status] ?? v.status}${v.burning ? `, ${v.burning}` : ''}`,
      })),
      forts: view.forts.map((f) => ({
        name: f.name,
        side: f.side,
        state: `${f.fpv} FPV${f.silenced ? ', silenced' : ''}${state.forts[f.id]?.abandoned ? ', abandoned' : ''}${state.forts[f.id]?.takenBy ? `, taken by ${state.forts[f.id]!.takenBy}` : ''}`,
      })),
      buildings: view.buildings.map(
        (b) =>
          `${b.name} (${b.side}, ${placeName.get(b.town) ?? b.town}): ${b.destroyed ? 'destroyed' : `${b.bpv}/${b.bpvStart} BPV${b.rubble ? ', rubble' : ''}`}`,
      ),
      commanders: view.commanders.map(
        (c) => `${c.side} fleet commander (${c.quality}) ${c.alive && c.aboard ? `aboard ${c.aboard}` : 'lost'}`,
      ),
      objectives: view.objectives.map((o) => `${o.side} objectives: ${o.kept.join(', ') || 'none'}`),
      parties: view.parties.map(
        (p) => `${p.side} party ashore at (${p.x},${p.y}) making for ${placeName.get(p.goal) ?? p.goal}`,
      ),
      taken: Object.entries(view.placesTaken).map(([id, side]) => `${placeName.get(id) ?? id} held by ${side}`),
      finished: view.finished?.summary ?? null,
      legend:
        "Plot (key beside it): a grid every 2\" with rulers every 6\", 12 pixels to the inch, upstream (north) at the top; Union ships blue, Confederate red, grey = out of the fight; dashed, last move's tracks; your guns' arcs with their range bands and your ships' turning circles; forts grey with their arc dashed, towns brown, buildings dark brown (light brown rubble, grey destroyed), flames orange, minefields dashed red (bold where you know they are real), shoals sand; smoke grey squares, wrecks dark dashed hulls (only those your side knows of).",
    },
  }
}
