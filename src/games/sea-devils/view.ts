// What each reader may know (digest 1.4, issue ruling R-INTEL): Federal ships and the public
// tracks are open; Confederate ships are shown to the Federal side and to observers only where
// they were last seen (spotted, in port, running a blockade, sunk or interned); the script, the
// standing orders, the held-back Federal movement and the face-down whaling values stay private.
import { formComments } from '../kit/grammar.ts'
import { CONFEDERATE_GRAMMAR, FEDERAL_GRAMMAR } from './orderGrammar.ts'
import type { View, Viewer } from '../contract.ts'
import { fmtTrack } from './federalTurn.ts'
import { placeholderSummary } from './pack.ts'
import { baseAllowance, neighbours, type Ctx, type SdState } from './state.ts'
import { idleFederals, refitWarning } from './warnings.ts'
import { portWord } from './nations.ts'

// One collator for the process: localeCompare with a locale builds a new one on every call, which
// made sorting the areas most of a report's cost.
const byNumber = new Intl.Collator('en', { numeric: true }).compare

const sees = (viewer: Viewer, role: string) =>
  viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === role)

/** A Federal ship as the view lists it (its reports, the house player and the test players read it). */
export interface FederalInView {
  id: string
  name: string
  type: string
  loc: string
  area: string | null
  damage: number
  spent: number
  availability: number | null
  fleet: string | null
  blockading: string | null
}

export function seaDevilsView(state: SdState, ctx: Ctx, viewer: Viewer): View {
  const track = ctx.pack.track.find((t) => t.gt === state.turn)
  const year = String(ctx.year(state.turn))
  const csaFull = sees(viewer, 'confederate')
  const view: View = {
    scenario: ctx.scenario.title,
    turn: state.turn,
    date: track?.date ?? '',
    lastTurn: state.lastTurn,
    stage: state.stage,
    mm: state.mm,
    cpl: { ...state.cpl },
    vp: { ...state.vp },
    deployTrack: { ...state.deployTrack },
    cse: { year, used: state.cseUsed[year] ?? 0, allowed: ctx.pack.cse.perYear[year] ?? 0 },
    federal: Object.values(state.usa)
      .filter((u) => u.loc !== 'pending')
      .map((u) => ({
        id: u.id,
        name: ctx.ship(u.id).name,
        type: ctx.ship(u.id).type,
        loc: u.loc,
        area: u.area,
        damage: u.damage,
        spent: u.spent,
        availability: ctx.ship(u.id).availability ?? null,
        fleet: ctx.ship(u.id).fleet ?? null,
        blockading: u.blockading,
      })),
    squadrons: state.squadrons,
    europeDeclarations: state.europeDeclarations,
    losses: state.losses,
    result: state.result,
    semmes: csaFull ? { ...state.semmes } : { inPlay: !state.semmes.removed },
    whalingGrounds: ctx.pack.areas.filter((a) => a.whaling).map((a) => a.id),
  }
  if (csaFull) {
    view.confederate = Object.values(state.csa)
      .filter((s) => s.status !== 'pending' && s.status !== 'cancelled')
      .map((s) => ({
        ...s,
        name: ctx.ship(s.id).name,
        type: ctx.ship(s.id).type,
        ma: ctx.ship(s.id).ma,
        coal: ctx.ship(s.id).coal,
        refitPeriod: ctx.ship(s.id).refitPeriod,
      }))
    view.whalingCounters = Object.keys(state.whaling).sort()
    // 10.51: whether this calendar year's one neutral-port commissioning is still to be had.
    view.neutralCommissionUsed = state.neutralCommissionYears.includes(ctx.year(state.turn))
  } else {
    view.confederate = Object.values(state.csa)
      .filter((s) => s.status === 'sunk' || s.status === 'interned' || (s.status === 'map' && s.knownToFederal))
      .map((s) => ({
        id: s.id,
        name: ctx.ship(s.id).name,
        type: ctx.ship(s.id).type,
        status: s.status,
        lastSeen: s.status === 'map' ? s.knownToFederal : null,
      }))
  }
  if (sees(viewer, 'federal')) view.pendingFederal = state.pendingFederal
  if (viewer.kind === 'role' && (viewer.role === 'federal' || viewer.role === 'confederate'))
    view.standingOrders = state.policies[viewer.role].map((p) => p.text)
  // The moderator reads both sides' standing orders in one list: each names its side.
  if (viewer.kind === 'moderator')
    view.standingOrders = [
      ...state.policies.federal.map((p) => `Federal: ${p.text}`),
      ...state.policies.confederate.map((p) => `Confederate: ${p.text}`),
    ]
  if (viewer.kind === 'moderator') view.whalingValues = { ...state.whaling }
  return view
}

/** The report model: the view arranged for the templates (text and HTML share it). */
export function seaDevilsReportModel(state: SdState, ctx: Ctx, viewer: Viewer): Record<string, unknown> {
  const view = seaDevilsView(state, ctx, viewer)
  const federal = view.federal as FederalInView[]
  const onMap = federal
    .filter((u) => u.loc === 'map')
    .sort((a, b) => byNumber(a.area ?? '', b.area ?? '') || a.id.localeCompare(b.id))
  const csa = (view.confederate as Record<string, unknown>[]) ?? []
  const csaFull = sees(viewer, 'confederate')
  const placeholders = placeholderSummary(ctx.pack)
  return {
    ...view,
    stageText: stageText(state),
    cplText: `world ${state.cpl.world}, England ${state.cpl.england}, France ${state.cpl.france}`,
    trackText: fmtTrack(state.deployTrack),
    federalOnMap: onMap.map((u) => ({
      ...u,
      line: `${u.id.padEnd(8)} ${u.type.padEnd(3)} ${u.area ?? ''}${u.blockading ? ` blockading ${u.blockading}` : ''}${u.damage ? ` damage ${u.damage}` : ''}${u.availability !== null ? ` avail ${u.spent}/${u.availability}` : ''}`,
    })),
    federalPools: {
      AP:
        federal
          .filter((u) => u.loc === 'AP')
          .map((u) => u.id)
          .join(', ') || 'none',
      UP:
        federal
          .filter((u) => u.loc === 'UP')
          .map((u) => u.id)
          .join(', ') || 'none',
      CSE:
        federal
          .filter((u) => u.loc === 'CSE')
          .map((u) => u.id)
          .join(', ') || 'none',
      sunk:
        federal
          .filter((u) => u.loc === 'sunk')
          .map((u) => u.id)
          .join(', ') || 'none',
    },
    confederateLines: csa.map((s) => (csaFull ? confederateLine(s) : knownLine(s))),
    confederateHeading: csaFull
      ? viewer.kind === 'moderator'
        ? 'Confederate ships'
        : 'Your (Confederate) ships'
      : 'Confederate ships as last reported',
    federalHeading:
      sees(viewer, 'federal') && viewer.kind === 'role'
        ? 'Your (Federal) ships on the map'
        : 'Federal ships on the map',
    standingHeading:
      viewer.kind === 'moderator' ? 'Standing orders on file, both sides' : 'Your standing orders on file',
    placeholderNotice: placeholders.length
      ? `This game runs on a reconstructed data pack: ${placeholders.length} kinds of values are placeholders (${placeholders.slice(0, 6).join(', ')}${placeholders.length > 6 ? ', ...' : ''}). See the game's README (data provenance).`
      : '',
    orderForm: orderForm(state, ctx, viewer),
  }
}

/** 8b: the map's key, every area by code and name (the map shows codes), sent once and on HELP MAP. */
export function seaDevilsMapKey(ctx: Ctx): string[] {
  return wrapKey(byCode(ctx).map((a) => `${a.id} ${a.name}`))
}

/** The areas in the order of their codes: the coastal C1, C2, ... then the deep-water D1, D2, ... */
const byCode = (ctx: Ctx) => [...ctx.pack.areas].sort((a, b) => byNumber(a.id, b.id))

/** The key's entries run on, separated by semicolons, in lines of at most 96 characters. */
function wrapKey(entries: string[]): string[] {
  const lines: string[] = []
  for (const e of entries) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + e.length + 2 <= 96) lines[lines.length - 1] = `${last}; ${e}`
    else lines.push(e)
  }
  return lines
}

function stageText(state: SdState): string {
  switch (state.stage) {
    case 'opening':
      return 'the opening placement (it awaits no orders; resolved at the deadline or by the moderator)'
    case 'both-orders':
      return 'awaiting the Federal movement and the Confederate activity record'
    case 'federal-orders':
      return 'awaiting the Federal deployment and movement orders'
    case 'confederate-orders':
      return 'awaiting the Confederate activity record'
    case 'finished':
      return 'the game is over'
  }
}

function confederateLine(s: Record<string, unknown>): string {
  if (s.status !== 'map') return `${String(s.id).padEnd(8)} ${s.status}`
  const where = s.port ? `in the ${s.port} port, ${s.area}` : `at sea, ${s.area}`
  return `${String(s.id).padEnd(8)} ${String(s.type).padEnd(3)} ${where}; damage ${s.damage}; ${s.commissioned ? 'commissioned' : 'UNCOMMISSIONED'}; ${s.turnsAtSea}/${s.refitPeriod} turns since refit; ${s.turnsInPort} turn(s) in port${s.cannotRaidUntilRefit ? '; may not raid until refitted' : ''}`
}

function knownLine(s: Record<string, unknown>): string {
  if (s.status !== 'map') return `${String(s.id).padEnd(8)} ${s.status}`
  const seen = s.lastSeen as { turn: number; area: string; port: string | null } | null
  return `${String(s.id).padEnd(8)} last reported GT${seen?.turn} ${seen?.port ? `in port, ${seen.area}` : `at sea, ${seen?.area}`}`
}

/**
 * A pre-filled order form for the reader's next orders (Eressea/Atlantis style): the forms of his
 * side's orders as comments, each with an example, then a line or a hint for each of his ships.
 */
function orderForm(state: SdState, ctx: Ctx, viewer: Viewer): string[] {
  const lines = shipLines(state, ctx, viewer)
  if (!lines.length || viewer.kind !== 'role') return lines
  return [...formComments(viewer.role === 'confederate' ? CONFEDERATE_GRAMMAR : FEDERAL_GRAMMAR), ...lines]
}

function shipLines(state: SdState, ctx: Ctx, viewer: Viewer): string[] {
  if (viewer.kind !== 'role' || state.stage === 'finished' || state.stage === 'opening') return []
  if (viewer.role === 'confederate' && state.stage !== 'federal-orders') {
    // Each ship with the choices open to it now; the player keeps one line and edits it.
    return Object.values(state.csa)
      .filter((s) => s.status === 'map')
      .flatMap((s) => {
        const where = s.port ? `in port at ${s.area}` : `at sea in ${s.area}`
        const choices: string[] = []
        if (s.port === 'CSA') choices.push('RUN-OUT')
        else if (s.port) choices.push('LEAVE-PORT')
        else if (ctx.area(s.area!).ports.some((p) => p.nat === 'CSA') && !state.csaPortsLost.includes(s.area!))
          choices.push('RUN-IN')
        if (!s.port && ctx.area(s.area!).ports.some((p) => p.nat !== 'USA' && p.nat !== 'CSA'))
          choices.push(
            `ENTER-PORT (${ctx
              .area(s.area!)
              .ports.filter((p) => p.nat !== 'USA' && p.nat !== 'CSA')
              .map((p) => portWord(p.nat))
              .join('/')})`,
          )
        if (!s.commissioned) choices.push('COMMISSION')
        if (s.port && ctx.area(s.area!).ports.some((p) => p.nat === s.port && p.repairRefit))
          choices.push(s.damage ? 'REPAIR, REFIT' : 'REFIT')
        if (!s.port && s.commissioned && !s.cannotRaidUntilRefit) choices.push('RAID')
        const warning = refitWarning(state, ctx, s.id)
        return [
          ...(warning ? [`# WARNING: ${warning}`] : []),
          `${s.id}: STAY    # ${where}; MA ${baseAllowance(ctx, s) - s.damage}; ${s.turnsAtSea}/${ctx.ship(s.id).refitPeriod ?? '-'} turns since refit`,
          `#   ${choices.length ? `${choices.join(', ')}; ` : ''}MOVE to ${neighbours(ctx, s.area!).join(' ')}`,
        ]
      })
  }
  if (viewer.role === 'federal' && state.stage !== 'confederate-orders') {
    const lines: string[] = []
    if (state.stage === 'federal-orders') {
      lines.push(`# deployment points: ${fmtTrack(state.deployTrack)}`)
      for (const u of Object.values(state.usa)) {
        if (
          (u.loc === 'map' || u.loc === 'AP') &&
          ctx.ship(u.id).fleet !== 'P' &&
          (ctx.ship(u.id).availability ?? 0) > u.spent
        )
          lines.push(
            `# DEPLOY ${u.id}    # ${ctx.ship(u.id).type}, ${u.loc === 'map' ? u.area : 'AP'}, avail ${u.spent}/${ctx.ship(u.id).availability}`,
          )
      }
    }
    // 10.44 (ruling R-MISSING): what the orders, or none at all, do to the ships left out.
    const idle = idleFederals(state, ctx)
    if (idle.length)
      lines.push(
        `# WARNING: a ship on the map that you do not DEPLOY this turn leaves it for the Available Pool (10.44); sending no orders deploys nothing, so all of these go: ${idle.join(', ')}`,
      )
    for (const u of Object.values(state.usa))
      if (u.loc === 'map')
        lines.push(
          `# MOVE ${u.id} <areas>    # now ${u.area} (next to ${neighbours(ctx, u.area!).join(' ')}), MA ${ctx.ship(u.id).ma - u.damage}${idle.includes(`${u.id} (${u.area})`) ? '; moves only if deployed' : ''}`,
        )
    return lines
  }
  return []
}
