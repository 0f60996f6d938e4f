// What the report templates read (DESIGN 7-8b), built from the state the captain may see:
// the boat and its crew with their markers, leaks, malfunctions, alert and position; the mission
// turns of the latest resolution; the cards and cubes drawn; the campaign ledger; the choices met
// and how each was answered. Never a deck's face-down order: only what was drawn and said.
import type { Viewer } from '../contract.ts'
import type { Crewman } from './boat.ts'
import { personaOf } from './boat.ts'
import { tacticalPicture } from './boardPicture.ts'
import type { Campaign } from './campaign.ts'
import { seasonKey } from './campaign.ts'
import type { Asked } from './decider.ts'
import type { Mission } from './mission.ts'
import { positionOf } from './mission.ts'
import type { ImPack } from './pack.ts'
import type { Ctx, Note, TacticalState } from './sortie.ts'
import { campaignMenu } from './menu.ts'
import { formComments } from '../kit/grammar.ts'
import { IM_GRAMMAR } from './orderGrammar.ts'
import { ELEVATION_WORDS } from './terms.ts'

/** The parts of the game state the report reads (ImState has them all). */
export interface Reported {
  side: string
  phase: string
  pace: string
  halts: readonly string[]
  campaign?: Campaign
  mission?: Mission
  lastTactical?: TacticalState
  lastBoat?: string[]
  track?: string[]
  draws?: string[]
  asked?: Asked[]
  /** A tactical scenario (`scenario-1`) instead of the campaign. */
  scenario?: string
  /** The boat and ledger as plain lines (the status block's short form). */
  report: string[]
}

const orderText = (c: Crewman): string => {
  const o = c.order
  if (!o) return ''
  if (o.kind === 'mech') return `order MECH ${o.mechanism}`
  if (o.kind === 'repair') return `order REPAIR ${o.target}`
  return o.kind === 'steer' ? 'order STEER' : 'order LEAK'
}

/** One line of the mission log: where the boat is after a mission turn, and its state. */
export function trackLine(pack: ImPack, m: Mission): string {
  const ctx = { pack, dice: undefined as never, notes: [] } as Ctx
  const malf = m.boat.parts.reduce((a, p) => a + p.malfunctions, 0)
  return `turn ${m.turn}: ${positionOf(ctx, m).name}, ${ELEVATION_WORDS[m.boat.elevation]}, Alert ${m.alert}, ${m.detected ? 'detected' : 'undetected'}, Pursuit ${m.pursuit}, Leaks ${m.boat.leaks}, Malfunctions ${malf}`
}

/** Narrative lines that tell of a card, cube or counter drawn (all public once drawn). */
export const drawNotes = (notes: readonly Note[]): string[] =>
  notes
    .filter((n) => n.rule !== '5.6' && /\b(card|cards|cube|cubes|drawn|draws|draw)\b/i.test(n.text))
    .map((n) => n.text)

/** The form at the foot of the report: the orders that fit the next point, as comments to edit. */
export function orderForm(s: Reported): string[] {
  // Every form the order's word opens (HALT NONE and HALT <point>,...), from the declared grammar.
  const f = (verb: string) =>
    formComments({ ...IM_GRAMMAR, forms: IM_GRAMMAR.forms.filter((x) => x.words[0] === verb) })
  if (s.phase === 'over') return []
  if (s.scenario)
    return [
      `# ${s.scenario}: the attack run's standing orders`,
      ...f('APPROACH'),
      ...f('TACTIC'),
      ...f('CONCUSSION'),
      ...f('RESPONSE'),
      ...f('FATESMILES'),
      ...f('HALT'),
    ]
  if (s.mission)
    return [
      `# ${s.mission.type} mission under way (PACE ${s.pace.toUpperCase()}); standing orders stay until replaced:`,
      ...f('CREW'),
      ...f('ROUTE'),
      ...f('NAVCRANK'),
      ...f('ENDMISSION'),
      ...f('PACE'),
      ...f('HALT'),
    ]
  if (!s.campaign)
    return ['# campaign set-up: the shop and its first season', ...f('PACE'), ...f('INVESTOR'), ...f('RECRUIT')]
  return [
    `# ${seasonKey(s.campaign.year, s.campaign.season)}: campaign actions, taken in the order written`,
    ...f('RECRUIT'),
    ...f('BUILD'),
    ...f('MISSION'),
    ...f('INVEST'),
    ...f('PASS'),
    ...f('PACE'),
    ...f('HALT'),
  ]
}

function missionModel(pack: ImPack, m: Mission) {
  const ctx = { pack, dice: undefined as never, notes: [] } as Ctx
  return {
    turn: m.turn,
    type: m.type,
    board: m.board,
    position: positionOf(ctx, m).name,
    elevation: ELEVATION_WORDS[m.boat.elevation],
    detected: m.detected ? 'detected' : 'undetected',
    pursuit: m.pursuit,
    alert: m.alert,
    training: m.training,
    conditions: `${m.visibility}, drift ${m.drift} ${m.driftDirection}, atmospherics ${m.atmospherics}`,
    grade: m.baseGrade,
    tiles: m.boat.tiles.join('-'),
    engineFatigue: m.boat.engineFatigue,
    leaks: m.boat.leaks,
    crew: m.boat.crew.map((c) => ({
      name: personaOf(pack, c).name,
      tile: c.space,
      markers: [c.fatigue && 'Fatigue', c.panic && 'Panic', c.terror && 'Terror'].filter(Boolean).join(', ') || 'none',
      order: orderText(c),
    })),
    parts: m.boat.parts.map((p) => ({ name: p.component, kind: p.kind, tile: p.space, malfunctions: p.malfunctions })),
    malfunctions: m.boat.parts.filter((p) => p.malfunctions).map((p) => `${p.kind} ${p.malfunctions}`),
    black: m.pool.black,
    red: m.pool.red,
    rally: m.rally,
  }
}

function ledgerModel(c: Campaign) {
  return {
    season: seasonKey(c.year, c.season),
    location: c.location,
    funds: c.funds,
    prices: c.prices,
    alert: c.alert,
    training: c.training,
    standing: [
      c.commissioned ? 'commissioned' : 'not commissioned',
      c.marque ? 'Letter of Marque' : '',
      c.recruitment ? 'Letter of Recruitment' : '',
      c.wreck ? 'Wreck in play' : '',
      c.objectives ? `${c.objectives} objective(s) achieved` : '',
      c.advancement ? `Advancement ${c.advancement}` : '',
      c.fog ? `Fog of War (${c.fogPending?.length ?? 0} Detonation dice owed)` : '',
      c.outcome ? `Outcome: ${c.outcome}` : '',
    ]
      .filter(Boolean)
      .join(', '),
    lost: c.lost,
    prizes: c.prizes,
    actionsLeft: c.actionsLeft,
    black: c.pool.black,
    red: c.pool.red,
    shop: c.personae.map((p) => `${p.id}${p.where === 'shop' ? '' : ` (${p.where})`}`).join(', ') || 'nobody',
    boat: c.boat.tiles.length
      ? `${c.boat.tiles.join('-')}${c.boat.parts.length ? ` with ${c.boat.parts.map(([id, sp]) => `${id}@${sp}`).join(', ')}` : ''}`
      : 'none',
    contracts: c.contracts.map(
      (k) => `${k.id}: $${k.pay}, until ${k.expires}${k.personae.length ? ` (${k.personae.join(', ')})` : ''}`,
    ),
    purchase: c.purchase ? `${c.purchase.parts.join(', ')} due ${c.purchase.due}` : '',
    entries: c.ledger.slice(-12),
    ended: c.ended ?? '',
  }
}

/** The report model for one reader: the captain, an observer or the moderator see the same public state. */
export function imReportModel(pack: ImPack, s: Reported, label: string, _viewer: Viewer): Record<string, unknown> {
  const asked = s.asked ?? []
  return {
    orderForm: orderForm(s),
    infernalMachine: {
      label,
      lines: s.report,
      side: s.side,
      phase: s.phase,
      pace: s.pace.toUpperCase(),
      halts: s.halts.length ? s.halts.join(', ') : 'none',
      mission: s.mission ? missionModel(pack, s.mission) : null,
      missionEnded: s.lastBoat ?? [],
      track: s.track ?? [],
      tactical: s.lastTactical ? tacticalPicture(s.lastTactical) : '',
      draws: s.draws ?? [],
      ledger: s.campaign ? ledgerModel(s.campaign) : null,
      menu: s.campaign && !s.mission && s.phase !== 'over' ? campaignMenu(pack, s.campaign) : [],
      questions: asked
        .filter((a) => a.how !== 'automatic')
        .map((a) => ({
          ...a,
          options: a.options.map((o) => `${o.id}${o.label && o.label !== o.id ? ` (${o.label})` : ''}`).join(' | '),
        })),
      automatic: asked.filter((a) => a.how === 'automatic').map((a) => `${a.kind}: ${a.answer} (${a.id})`),
    },
  }
}
