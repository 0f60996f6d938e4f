// One redaction of a resolution's record for every output a reader gets (the report, HISTORY,
// VERIFY, `pbem history`, `pbem export`, the archive). It is a whitelist: a field a later version
// adds to TurnAdjudicated reaches no player until it is named here.
import { canSee, type Viewer } from '../games/contract.ts'
import type { TurnAdjudicated } from './events.ts'

/** A resolution's record as one reader may see it. */
export interface RedactedResult {
  point: number
  turn: number
  label: string
  rulesetVersion: string
  /** The reader's own orders used (receipt ids); all of them for the moderator. */
  inputs: Record<string, string>
  /** Answers to the reader's own decisions; all of them for the moderator. */
  decisionAnswers: Record<string, string>
  secret: string
  commitment: string
  salt: string
  rolls: TurnAdjudicated['rolls']
  /** The hidden draws this reader may see (sealed until the hidden-draw secret is revealed). */
  hiddenRolls: TurnAdjudicated['rolls']
  narrative: TurnAdjudicated['narrative']
  /** The moderator's only: a hash of the whole state would let a reader test guesses about what he cannot see. */
  stateHash?: string
  finished: boolean
}

/**
 * `decisionRoles` maps a decision id to the role it was put to (DecisionRequested); an answer whose
 * role is not known is shown to the moderator only.
 */
export function resultFor(
  t: TurnAdjudicated,
  viewer: Viewer,
  decisionRoles: ReadonlyMap<string, string>,
): RedactedResult {
  const moderator = viewer.kind === 'moderator'
  const own = (role: string | undefined) => moderator || (viewer.kind === 'role' && role === viewer.role)
  return {
    point: t.point,
    turn: t.turn,
    label: t.label,
    rulesetVersion: t.rulesetVersion,
    inputs: Object.fromEntries(Object.entries(t.inputs).filter(([role]) => own(role))),
    decisionAnswers: Object.fromEntries(Object.entries(t.decisionAnswers).filter(([id]) => own(decisionRoles.get(id)))),
    secret: t.secret,
    commitment: t.commitment,
    salt: t.salt,
    rolls: t.rolls.filter((r) => canSee(viewer, r.audience)),
    hiddenRolls: (t.hiddenRolls ?? []).filter((r) => canSee(viewer, r.audience)),
    narrative: t.narrative.filter((n) => canSee(viewer, n.audience)),
    ...(moderator ? { stateHash: t.stateHash } : {}),
    finished: t.finished,
  }
}

/** Which role each decision of a game was put to, from its DecisionRequested events. */
export function decisionRolesOf(events: readonly { type: string; data: unknown }[]): Map<string, string> {
  const roles = new Map<string, string>()
  for (const e of events)
    if (e.type === 'DecisionRequested') {
      const d = e.data as { decisionId: string; role: string }
      roles.set(d.decisionId, d.role)
    }
  return roles
}
