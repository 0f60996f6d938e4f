// What a Rebel Raiders report shows. Everything on the map is public; of the cards, a hand is shown to
// its owner alone (the other side sees how many it holds), the discards and cards in play to all.
import { dueNow, ironcladPorts } from './arrivals.ts'
import { confederateBuilds, unionBuilds } from './buildCounts.ts'
import { checkMove } from './movement.ts'
import { checkStack } from './stack.ts'
import type { RebelPack } from './pack.ts'
import { buildContext, moveContext } from './position.ts'
import type { Viewer } from '../contract.ts'
import { CARD_EFFECTS } from './cardEffects.ts'
import { cardsSeenBy, HAND_LIMIT } from './cards.ts'
import { reactiveCards } from './reactions.ts'
import { commanderOf, commandLimit } from './commanders.ts'
import { optionalSummary } from './optionalView.ts'
import { syntax } from '../kit/grammar.ts'
import { optionalGrammar } from './phaseGrammar.ts'
import { dateOf, phaseName, roleOf, type RrPiece, type RrState, turnName } from './state.ts'

export function statusModel(s: RrState, pack: RebelPack, viewer: Viewer) {
  const bySpace = new Map<string, string[]>()
  for (const p of s.pieces) {
    const commander = commanderOf(s, p.id)
    const named = s.named.find((n) => n.ship === p.id)
    const name = named ? pack.cards.get(named.card)?.name.replace(/^(USS|CSS) /, '') : null
    bySpace.set(p.at, [
      ...(bySpace.get(p.at) ?? []),
      `${p.side === 'CSA' ? 'C' : 'U'} ${p.id}${name ? ` (the ${name})` : ''}${p.cargo ? ` (cargo ${p.cargo}${p.extraCargo ? `+${p.extraCargo}` : ''})` : ''}${p.damaged ? ' (damaged)' : ''}${commander ? ` [${commander}]` : ''}`,
    ])
  }
  for (const [at, n] of Object.entries(s.portCargo ?? {}))
    if (n) bySpace.set(at, [...(bySpace.get(at) ?? []), `${n} cargo marker(s) of 1 VP waiting (#93, #94)`])
  // The Union's standing interception choice is its own secret until a runner meets it (7.78).
  const unionReads = viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === roleOf('USA'))
  const intercept = Object.entries(unionReads ? s.intercept : {})
    .map(([at, how]) => `${how === 'stack' ? 'one die a stack' : 'one die a ship'}${at === 'ALL' ? '' : ` at ${at}`}`)
    .join('; ')
  return {
    turn: turnName(s.turn),
    phase: phaseName(s.phase),
    points: s.vp,
    citiesLost: s.citiesLost,
    unionAssaults: s.unionPawns,
    counterattacks: s.csaPawns,
    unionHolds: Object.entries(s.control)
      .filter(([, side]) => side === 'USA')
      .map(([id]) => pack.map.space(id).name),
    // In the map's order, so that a reader finds a space where he found it last time.
    spaces: pack.map.spaces
      .filter((sp) => bySpace.has(sp.id))
      .map((sp) => ({ name: `${sp.name} (${sp.id})`, pieces: bySpace.get(sp.id)!.join(', ') })),
    arriving: s.arriving.map(
      (a) => `${a.side === 'CSA' ? 'Confederate' : 'Union'} ${a.type}${a.at ? ` at ${a.at}` : ''}`,
    ),
    intercept,
    optional: optionalSummary(s, pack, viewer),
    ...cardsModel(s, pack, viewer),
  }
}

function cardsModel(s: RrState, pack: RebelPack, viewer: Viewer) {
  const named = (c: number) => `#${c} ${pack.cards.get(c)?.name ?? ''}`.trim()
  const side = (id: 'CSA' | 'USA', title: string) => {
    const seen = cardsSeenBy(s, id, viewer)
    return {
      title,
      handSize: seen.handSize,
      drawPile: seen.drawPile,
      discards: seen.discards.map(named),
      inPlay: seen.inPlay.map(named),
      heldAside: seen.heldAside.map((h) => `${named(h.card)} (back after ${turnName(h.returnsAfterTurn)})`),
    }
  }
  const own = viewer.kind === 'role' ? (viewer.role === roleOf('CSA') ? 'CSA' : 'USA') : null
  const hand = own
    ? s.cards[own].hand.map((c) => {
        const card = pack.cards.get(c)
        return {
          card: named(c),
          when: card ? `${card.window === 'opp' ? "in the other side's phase" : card.window}: ${card.timing}` : '',
          years: card && (card.years.from > 1861 || card.years.to < 1864) ? `${card.years.from}-${card.years.to}` : '',
          bought: s.cards[own].bought.includes(c),
        }
      })
    : null
  return {
    hand,
    handLimit: HAND_LIMIT,
    winterRefresh: dateOf(s.turn).december && s.phase.endsWith('build'),
    decks: [side('CSA', 'Confederate'), side('USA', 'Union')],
  }
}

/**
 * The form at the foot of the phasing player's report: for each of his ships the spaces it can reach
 * this phase (checked as the orders will be), or in a build phase what he has to spend; as comments,
 * with an example line to edit.
 */
export function orderForm(s: RrState, pack: RebelPack, role: string): string[] {
  const side = role === 'confederate' ? 'CSA' : 'USA'
  if (s.finished) return []
  if ((s.phase.startsWith('csa') ? 'CSA' : 'USA') !== side) {
    const reactive = reactiveCards(s, side)
    const standing = s.reactions[side].map((r) => `#${r.card} at ${r.at}`)
    return [
      `# ${turnName(s.turn)}: the other side's ${phaseName(s.phase)}. You may send standing orders now: REACT, POLICY, AIM <ship|ALL> AT <target>[,...]${side === 'USA' ? ', SHIELD <ship> WITH <ship>, INTERCEPT, DEFEND <space|ALL> TACTICS <n>' : ', RETREAT <raider|ALL> TO <space>[,<space>]'}.`,
      ...(standing.length ? [`# Your standing reactions: ${standing.join(', ')}.`] : []),
      ...standingChoices(s, side),
      ...(reactive.length
        ? [
            `# Cards in your hand that can answer by themselves: ${reactive.map((c) => `#${c} ${pack.cards.get(c)?.name ?? ''}`).join(', ')}.`,
            `# e.g. REACT ${reactive[0]} AT ALL   (or AT <space>; REACT <card> OFF withdraws it)`,
          ]
        : []),
    ]
  }
  const lines = [
    `# ${turnName(s.turn)}: ${phaseName(s.phase)}. One order a line; "#" starts a comment.`,
    ...standingChoices(s, side),
    ...optionalGrammar(s, side).forms.map((f) => `# ${syntax(f)}    ${f.summary}, e.g. ${f.example}`),
  ]
  if (s.phase.endsWith('build')) {
    const ctx = buildContext(s, pack, 0)
    const builds = side === 'CSA' ? confederateBuilds(s.citiesLost) : unionBuilds(s.turn)
    lines.push(`# Builds this phase: ${builds} (unused ones are lost). BUILD <type> [AT <space>], e.g.`)
    lines.push(side === 'CSA' ? '# BUILD RUNNER AT WILM' : '# BUILD SLOOP')
    lines.push(...costLines(side))
    const due = side === 'CSA' ? dueNow(s, 'CSA').filter((a) => !a.at).length : 0
    if (due)
      lines.push(
        `# ${due} new ironclad${due > 1 ? 's arrive' : ' arrives'}: PLACE IRONCLAD AT <port> (14.22), one a port; without a line, the first Confederate port free (${ironcladPorts(s, pack)[0] ?? 'none'}).`,
      )
    if (side === 'CSA')
      lines.push(
        `# Arsenal batteries: ${['ATLA', 'RICH'].filter((c) => (ctx.control[c] ?? 'CSA') === 'CSA' && !ctx.razed.has(c)).length}; EXCHANGE <n> buys special build points at 5 VP each.`,
      )
    const hand = s.cards[side].hand.length
    if (hand > HAND_LIMIT)
      lines.push(
        `# Your hand holds ${hand} cards: DISCARD ${hand - HAND_LIMIT} of them (14.41), e.g. DISCARD ${s.cards[side].hand.slice(0, hand - HAND_LIMIT).join(' ')}`,
      )
    if (dateOf(s.turn).december)
      lines.push('# December: REFRESH <card> ... discards cards and draws as many in their place (14.42).')
    lines.push(...playableNow(s, pack, side))
    lines.push('PASS')
    return lines
  }
  const ctx = moveContext(s, pack)
  const mpOf = (p: RrPiece) => pack.pieces.types.find((t) => t.type === p.type)!.mp
  for (const p of s.pieces.filter((x) => x.side === side && x.type !== 'battery'))
    lines.push(
      ...reachLines(
        `# ${p.id} in ${pack.map.space(p.at).name}, ${mpOf(p)} MP:`,
        reachable(pack, p.at, mpOf(p), (path) => checkMove(ctx, p, path).ok),
      ),
    )
  // Each commander's stack moves as one (7.5): the spaces the whole stack can reach together.
  for (const [name, ids] of Object.entries(s.commanders)) {
    const stack = ids.map((id) => s.pieces.find((p) => p.id === id && p.side === side)).filter((p): p is RrPiece => !!p)
    if (!stack.length || stack.length !== ids.length) continue
    const mp = Math.max(...stack.map(mpOf))
    const check = (path: { enter: string }[]) => checkStack(ctx, stack, path, { limit: commandLimit(s, pack, name) }).ok
    lines.push(
      ...reachLines(
        `# ${name} (${ids.join(',')}) in ${pack.map.space(stack[0]!.at).name}, as one stack:`,
        reachable(pack, stack[0]!.at, mp, check),
      ),
    )
  }
  lines.push(
    '# e.g. MOVE <ship>[,<ship>] <space> > <space> > ...; MOVE <commander> <path>; POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT',
  )
  if (side === 'CSA') lines.push(raidingLine(pack))
  lines.push(...playableNow(s, pack, side))
  lines.push('PASS')
  return lines
}

/** The spaces a move from `from` can reach within `mp` steps, each path checked as orders are. */
function reachable(pack: RebelPack, from: string, mp: number, ok: (path: { enter: string }[]) => boolean): string[] {
  const reach: string[] = []
  const seen = new Map<string, string[]>([[from, []]])
  let frontier = [from]
  for (let d = 0; d < mp && frontier.length; d++) {
    const next: string[] = []
    for (const at of frontier)
      for (const n of pack.map.neighbours(at, ['port', 'sea', 'river'])) {
        if (seen.has(n)) continue
        const path = [...seen.get(at)!, n]
        if (!ok(path.map((enter) => ({ enter })))) continue
        seen.set(n, path)
        reach.push(n)
        next.push(n)
      }
    frontier = next
  }
  return reach
}

/** A form line with the spaces reached, wrapped so that a mail reader's line stays short. */
function reachLines(head: string, reach: string[]): string[] {
  const lines: string[] = []
  let line = head
  if (!reach.length) line += ' cannot move'
  for (const r of reach) {
    if (line.length + r.length + 1 > 100) {
      lines.push(line)
      line = '#  '
    }
    line += ` ${r}`
  }
  return [...lines, line]
}

/** The cards in the hand the judge can play in this phase (PLAY), each with when it acts. */
function playableNow(s: RrState, pack: RebelPack, side: 'CSA' | 'USA'): string[] {
  const year = dateOf(s.turn).year
  const cards = s.cards[side].hand.flatMap((c) => {
    const card = pack.cards.get(c)
    const effect = CARD_EFFECTS[c]
    if (!card || !effect?.phases.includes(s.phase) || year < card.years.from || year > card.years.to) return []
    return [`#   PLAY ${c}${card.spaces?.length || effect.check ? ' [AT ...]' : ''}   ${card.name}: ${card.timing}`]
  })
  return cards.length ? ['# Cards you may play in this phase:', ...cards] : []
}

/** Where a raider may raid (8.11): the sea zones and the Whaling Grounds, less those the map closes. */
function raidingLine(pack: RebelPack): string {
  const seas = pack.map.spaces.filter((x) => ['coastal', 'highSeas', 'whaling'].includes(x.kind))
  const closed = seas.filter((x) => x.noRaid).map((x) => x.id)
  return `# Raiding (8.11): RAID in any coastal or high seas zone or the Whaling Grounds${closed.length ? `, not in ${closed.join(', ')}` : ''}; each raid 2 MP, +1 to its die for 2 MP more.`
}

/** What each build costs (14.24, 14.32, 15.41-15.44), as the build check prices it. */
function costLines(side: 'CSA' | 'USA'): string[] {
  return side === 'CSA'
    ? [
        '# Costs: gunboat or runner 1 build (one ship a port a turn); raider 1 build and 1 VP, in Spain or France & England (2 builds without VP);',
        '#   ironclad 1 build and an arsenal battery, placed next turn; battery an arsenal battery (one a space a turn); counterattack 3 builds (or all left).',
        '#   SPECIAL points (EXCHANGE <n>, 5 VP each): battery 4, ironclad 4, counterattack 3, card 2, gunboat, runner or raider 1.',
      ]
    : [
        '# Costs: gunboat 1 build (two a river port a turn; Navy Yards unlimited); sloop 1 build (Navy Yards, next turn);',
        '#   ironclad 2 builds (one a river port a turn, next turn); extra assault (PAWN) 4 builds, two a turn; card 2 builds, two a turn.',
      ]
}

/** The side's own standing fire, shield, retreat and tow orders, as it wrote them (only its own form shows them). */
function standingChoices(s: RrState, side: 'CSA' | 'USA'): string[] {
  const aims = Object.entries(s.aims?.[side] ?? {}).map(([who, at]) => `AIM ${who} AT ${at.join(',')}`)
  const shields =
    side === 'USA'
      ? Object.entries(s.shields ?? {}).map(([ship, by]) => `SHIELD ${ship} ${by === 'NONE' ? 'NONE' : `WITH ${by}`}`)
      : []
  const retreats =
    side === 'CSA' ? Object.entries(s.retreatTo ?? {}).map(([who, to]) => `RETREAT ${who} TO ${to.join(',')}`) : []
  const tow = side === 'USA' && s.tow?.length ? [`TOW ${s.tow.join(',')}`] : []
  const hunt = side === 'USA' && s.marks?.huntsAt?.length ? [`HUNT AT ${s.marks.huntsAt.join(',')}`] : []
  const lee = side === 'CSA' && s.marks?.leeWanted?.length ? [`LEE AT ${s.marks.leeWanted.join(',')}`] : []
  const all = [...aims, ...shields, ...retreats, ...tow, ...hunt, ...lee]
  return all.length ? [`# Your standing orders: ${all.join('; ')}.`] : []
}

/** The spaces a card played face up bars to Union assaults this turn (#77, #100): public, as the card is. */
export function assaultsBarred(s: RrState): string[] {
  return s.thisTurn.filter((e) => e.startsWith('no-assault:')).map((e) => e.split(':')[1]!)
}
