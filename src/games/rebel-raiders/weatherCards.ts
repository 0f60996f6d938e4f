// The storms (PB 23, in our own words): #49 Tempest's Wrath drives every Confederate ship out of one
// sea zone into the nearest neutral port, #92 Tempest's Fury every Union ship out of one coastal zone
// and its blockade stations into a Union port of that zone or the next ones. Either way the ships go
// untouched, take a storm marker and may not move again this turn (ruling RR-K18 for the details).
import type { CardEffect } from './cardTypes.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import type { RrPiece, RrState } from './state.ts'

const SHIP_LINKS = ['port', 'sea', 'river'] as const
const STORM = 'storm:'

/** The kinds of zone each storm may strike: #49 a high-seas or coastal zone (the Whaling Grounds are high seas), #92 a coastal one. */
export const STORM_ZONES: Readonly<Record<number, { kinds: string[]; what: string }>> = {
  49: { kinds: ['highSeas', 'coastal', 'whaling'], what: 'a high-seas or coastal zone' },
  92: { kinds: ['coastal'], what: 'a coastal zone' },
}

/** The ships a storm keeps in port this turn. */
export const stormed = (s: RrState): string[] =>
  s.thisTurn.filter((t) => t.startsWith(STORM)).map((t) => t.slice(STORM.length))

/** Spaces by their distance in movement points from `from` (one a link ships may use), a list for each distance, nearest first, the map's order within one. */
function layers(pack: RebelPack, from: string): string[][] {
  const order = new Map(pack.map.spaces.map((sp, i) => [sp.id, i]))
  const seen = new Set([from])
  const out: string[][] = []
  let layer = [from]
  while (layer.length) {
    const next = [
      ...new Set(layer.flatMap((id) => pack.map.neighbours(id, SHIP_LINKS)).filter((id) => !seen.has(id))),
    ].sort((a, b) => order.get(a)! - order.get(b)!)
    for (const id of next) seen.add(id)
    if (next.length) out.push(next)
    layer = next
  }
  return out
}

/** The nearest of the spaces `fits` takes, all of those as near (the first distance holding any). */
const nearestOf = (pack: RebelPack, from: string, fits: (id: string) => boolean): string[] =>
  layers(pack, from)
    .map((l) => l.filter(fits))
    .find((l) => l.length) ?? []

/**
 * Where the ships a storm blows away go, among ports the card leaves open, is their owner's choice
 * (#49: the Confederate's between ports as near; #92: the Union's): a question, `first` by default
 * (ruling RR-D1). One port, or no ship caught, asks nothing.
 */
function ownersPort(
  run: PhaseRun,
  card: number,
  side: Side,
  zone: string,
  ships: number,
  ports: string[],
  first: string,
): string {
  if (ports.length < 2 || !ships) return first
  return run.ask({
    decisionId: `card-${card}-${zone}-turn-${run.s.turn}-${run.s.phase}`,
    role: side === 'CSA' ? 'confederate' : 'union',
    question: `${run.cardName(card)} (#${card}) strikes ${run.name(zone)}: to which port do your ships there run?`,
    options: [first, ...ports.filter((p) => p !== first)].map((p) => ({ id: p, label: run.name(p) })),
    defaultOption: first,
    situation: [`Without an answer they run to ${run.name(first)}; a ship that would overstack goes on to the next.`],
  })
}

/** Whether one more such ship fits in the space (6.12). */
function room(run: PhaseRun, ship: RrPiece, at: string): boolean {
  const limits = run.pack.pieces.stacking
  if (ship.type === 'runner')
    return run.s.pieces.filter((p) => p.at === at && p.type === 'runner').length < limits.runnersPerSpace
  const warships = run.piecesAt(at, ship.side, ['gunboat', 'ironclad', 'raider', 'sloop']).length
  return at === 'NAVY' || warships < limits.warshipsPerSidePerSpace
}

/** Sends each ship to the first fitting space of `choices` (else `fallback`), with its storm marker. */
function blowAway(run: PhaseRun, card: number, ships: RrPiece[], choices: string[], fallback: string | null): void {
  const words: string[] = []
  for (const ship of ships) {
    const to = choices.find((id) => room(run, ship, id)) ?? fallback
    if (!to) {
      words.push(`${ship.id} stays (no port to run to)`)
      continue
    }
    ship.at = to
    run.arrived.add(ship.id)
    run.s.thisTurn.push(`${STORM}${ship.id}`)
    words.push(`${ship.id} to ${run.name(to)}`)
  }
  run.say(
    `#${card}`,
    `${run.cardName(card)}: ${words.join(', ') || 'no ship is caught'}; storm-bound, they may not move this turn.`,
  )
}

/** The zone a storm card names, if it is one of the kinds it may strike. */
function zoneProblem(pack: RebelPack, play: { card: number; at?: string }, kinds: string[], what: string) {
  const sp = play.at && pack.map.has(play.at) ? pack.map.space(play.at) : null
  return sp && kinds.includes(sp.kind) ? null : `name ${what}: PLAY ${play.card} AT <zone>`
}

/** Ports whose blockade station opens on `zone`, and the Navy Yards where they open on it. */
function portsOf(pack: RebelPack, zone: string): string[] {
  return pack.map
    .neighbours(zone, SHIP_LINKS)
    .flatMap((n) => (n.endsWith('.BS') ? [n.slice(0, -3)] : pack.map.space(n).kind === 'navyYards' ? [n] : []))
}

const unionPort = (run: PhaseRun, id: string) =>
  ['oceanPort', 'riverPort', 'navyYards'].includes(run.space(id).kind) && run.holder(id) === 'USA'

function storm(side: Side, card: number, apply: CardEffect['apply']): CardEffect {
  const { kinds, what } = STORM_ZONES[card]!
  return {
    phases: side === 'CSA' ? ['csa-move', 'csa-build'] : ['union-move', 'union-build'],
    check: (_s, pack, _side, play) => zoneProblem(pack, play, kinds, what),
    apply,
  }
}

export const WEATHER_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #49 Tempest's Wrath: Confederate ships in one high-seas or coastal zone to the nearest neutral port.
  49: storm('USA', 49, (run, _side, play) => {
    const zone = play.at!
    const neutral = (id: string) => run.space(id).kind === 'neutralPort'
    const ports = layers(run.pack, zone).flat().filter(neutral)
    const tied = nearestOf(run.pack, zone, neutral)
    const ships = run.piecesAt(zone, 'CSA')
    const pick = tied.length ? ownersPort(run, 49, 'CSA', zone, ships.length, tied, tied[0]!) : null
    blowAway(run, 49, ships, pick ? [pick, ...ports.filter((p) => p !== pick)] : ports, null)
  }),
  // #92 Tempest's Fury: Union ships in one coastal zone and its stations to a Union port of it or a zone next to it.
  92: storm('CSA', 92, (run, _side, play) => {
    const zone = play.at!
    const stations = run.pack.map.neighbours(zone, SHIP_LINKS).filter((id) => id.endsWith('.BS'))
    const ships = [zone, ...stations].flatMap((at) => run.piecesAt(at, 'USA'))
    const near = new Set(
      [zone, ...run.pack.map.neighbours(zone, ['sea']).filter((n) => run.space(n).kind === 'coastal')].flatMap((z) =>
        portsOf(run.pack, z),
      ),
    )
    const ranked = layers(run.pack, zone)
      .flat()
      .filter((id) => unionPort(run, id))
    const own = portsOf(run.pack, zone)
    // Any Union port of the zone or the next ones, else the nearest anywhere, as the Union chooses; by
    // default one of the zone, else of the next zones (ruling RR-K18); when full, the Navy Yards.
    const open = ranked.filter((id) => near.has(id))
    const choices = open.length ? open : nearestOf(run.pack, zone, (id) => unionPort(run, id))
    const first = ranked.find((id) => own.includes(id)) ?? choices[0]
    const port = first ? ownersPort(run, 92, 'USA', zone, ships.length, choices, first) : undefined
    blowAway(run, 92, ships, port ? [port] : [], 'NAVY')
  }),
}
