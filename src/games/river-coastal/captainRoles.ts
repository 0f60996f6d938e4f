// Several captains a side as players (rulings RC-91 to RC-94). It wraps the ruleset with
// mail roles (mailRoles.ts), so the rules inside keep one role a side (`usa`, `csa` here) while a game
// created with the option `captains` has a role for each captain (`usawest`, `usaeast`, ...). A
// captain orders only his own ships; the captains' orders of a side are merged for the rules; every
// captain of a side reads what the side may read; a question goes to the captain it concerns.
import type { Audience, Awaited, Dice, GameOutcome, NarrativeEntry, Ruleset, Viewer } from '../contract.ts'
import { orderForm } from './orderForm.ts'
import type { RiverCommand } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import type { Side } from './scenario.ts'
import {
  afloatOf,
  askedCaptain,
  type Captain,
  captainByRole,
  captainOfShip,
  captainPlan,
  screenCaptainLines,
  seniorCaptain,
  shipsOf,
  writingCaptains,
} from './sideCaptains.ts'
import type { RiverState } from './state.ts'

type Rules = Ruleset<RiverState, RiverCommand>

/** The wrapped rules' role for a side, and the side of such a role. */
const sideRole = (side: Side) => side.toLowerCase()
const sideOfRole = (role: string) => role.toUpperCase() as Side

/** An audience naming a side names every captain of it (ruling RC-94). */
const expand =
  (plan: readonly Captain[]) =>
  (a: Audience): Audience => {
    if (a.kind !== 'roles') return a
    const roles = a.roles.flatMap((r) => {
      const of = plan.filter((c) => sideRole(c.side) === r)
      return of.length ? of.map((c) => c.role) : [r]
    })
    return { kind: 'roles', roles }
  }

const diceOut = (d: Dice, out: (a: Audience) => Audience): Dice => ({
  roll: (label, sides, audience) => d.roll(label, sides, out(audience)),
  draw: (label, sides, audience) => d.draw(label, sides, out(audience)),
})

const divided = (s: RiverState): s is RiverState & { captains: Captain[] } => !!s.captains?.length

/** A captain's role as the rules inside know it: his side's. */
function inward(s: RiverState, role: string): string {
  const c = captainByRole(s, role)
  return c ? sideRole(c.side) : role
}

const viewerIn = (s: RiverState, v: Viewer): Viewer =>
  v.kind === 'role' ? { kind: 'role', role: inward(s, v.role) } : v

/** Ruling RC-93: the captain a side's question goes to. */
const askedRole = (s: RiverState, q: { role: string; decisionId: string }) =>
  divided(s) ? (askedCaptain(s, sideOfRole(q.role), q.decisionId)?.role ?? q.role) : q.role

/** What a captain's report says of his command and who writes the fleet's lines. */
function commandLine(s: RiverState, c: Captain): string {
  const senior = seniorCaptain(s, c.side)
  const others = (s.captains ?? []).filter((o) => o.side === c.side && o.role !== c.role)
  const colleagues = others.map((o) => `${o.role} commands ${o.name} (${shipsOf(s, o).join(', ')})`).join('; ')
  const fleet =
    senior?.role === c.role
      ? 'You are the senior captain: you write FLEET SIGNAL, TRANSFER, POLICY ALL and directives for any ship of the side, and answer the side questions'
      : `The senior captain, ${senior?.role}, writes FLEET SIGNAL, TRANSFER, POLICY ALL and directives for your colleagues' ships, and answers the side questions`
  return `You are ${c.role}, a ${c.side} captain commanding ${c.name} (${shipsOf(s, c).join(', ')}). ${colleagues ? `Your colleague${others.length > 1 ? 's' : ''}: ${colleagues}. ` : ''}${fleet} (rulings RC-92, RC-93).`
}

/** The first lines of a captain's order form: whose ships he writes for, and whose the fleet's lines are. */
function formHeader(s: RiverState, c: Captain, mine: string[]): string[] {
  const senior = seniorCaptain(s, c.side)
  return [
    `# ${c.role}: lines for your own ships only (${mine.join(', ')}), ruling RC-92`,
    senior?.role === c.role
      ? "# as senior captain you also write FLEET SIGNAL, TRANSFER, POLICY ALL and your colleagues' directives (RC-93)"
      : `# FLEET SIGNAL, TRANSFER, POLICY ALL and directives for other ships are ${senior?.role}'s, the senior captain (RC-93)`,
  ]
}

function outcomeOf(s: RiverState, o: GameOutcome | null): GameOutcome | null {
  if (!o?.winner || !divided(s)) return o
  const side = s.captains.filter((c) => c.side === sideOfRole(o.winner!))
  // Ruling RC-94: the contract names one winning role; the side wins, its first captain stands for it.
  return {
    ...o,
    winner: side[0]?.role ?? o.winner,
    details: { ...o.details, winningSide: o.winner, winners: side.map((c) => c.role).join(' ') },
  }
}

/** The narrative a captain was shown, addressed to the rules' roles (his side). */
const seenIn = (s: RiverState, seen: NarrativeEntry[]): NarrativeEntry[] =>
  seen.map((n) =>
    n.audience.kind === 'roles'
      ? { ...n, audience: { kind: 'roles', roles: [...new Set(n.audience.roles.map((r) => inward(s, r)))] } }
      : n,
  )

export function withCaptains(rules: Rules, pack: RiverPack): Rules {
  const planOf = (scenario: string, options: Parameters<Rules['setup']>[1]) => {
    const sc = pack.scenarios[scenario]
    return sc ? captainPlan(sc, options) : null
  }
  const wrapped: Rules = {
    ...rules,
    rolesFor: (scenario, options) => planOf(scenario, options)?.map((c) => c.role) ?? rules.roles,
    setup: (scenario, options, p, hidden) => {
      const plan = planOf(scenario, options)
      if (!plan) return rules.setup(scenario, options, p, hidden)
      const s = rules.setup(scenario, options, p, diceOut(hidden, expand(plan)))
      s.captains = plan.map((c) => ({ ...c, ships: [...c.ships] }))
      return s
    },
    awaiting: (s) =>
      !divided(s)
        ? rules.awaiting(s)
        : rules.awaiting(s).flatMap((a): Awaited[] =>
            a.kind === 'decision'
              ? [{ ...a, role: askedRole(s, a) }]
              : writingCaptains(s, sideOfRole(a.role)).map((c) => ({
                  ...a,
                  role: c.role,
                  label: `${a.label}: ${afloatOf(s, c).join(', ') || c.name}`,
                })),
          ),
    orderHelp: (s, role) => {
      const c = captainByRole(s, role)
      return rules.orderHelp?.(s, c ? sideRole(c.side) : role) ?? []
    },
    parseOrders: (s, role, text) => {
      const c = captainByRole(s, role)
      if (!c) return rules.parseOrders(s, role, text)
      const screened = screenCaptainLines(s, c, text)
      const parsed = rules.parseOrders(s, sideRole(c.side), screened.text)
      return { ...parsed, errors: [...parsed.errors, ...screened.errors].sort((a, b) => a.line - b.line) }
    },
    resolve: (s, input, dice) => {
      if (!divided(s)) return rules.resolve(s, input, dice)
      // The side's orders are its captains' put together, senior first: no two name the same ship (RC-92).
      const orders: Record<string, RiverCommand[]> = {}
      for (const c of s.captains) {
        const given = input.orders[c.role]
        if (given) (orders[sideRole(c.side)] ??= []).push(...given)
      }
      const out = expand(s.captains)
      const step = rules.resolve(s, { ...input, orders }, diceOut(dice, out))
      return {
        ...step,
        narrative: step.narrative.map((n) => ({ ...n, audience: out(n.audience) })),
        decisions: step.decisions.map((d) => ({ ...d, role: askedRole(s, d) })),
      }
    },
    view: (s, viewer) => {
      const view = rules.view(s, viewerIn(s, viewer))
      const c = viewer.kind === 'role' ? captainByRole(s, viewer.role) : undefined
      // A captain reads what his side reads, and which of its ships are his to order (RC-92).
      return c
        ? { ...view, captain: { ships: shipsOf(s, c), senior: seniorCaptain(s, c.side)?.role === c.role } }
        : view
    },
    outcome: (s) => outcomeOf(s, rules.outcome(s)),
    reportModel: (s, viewer) => {
      const model = rules.reportModel(s, viewerIn(s, viewer))
      const c = viewer.kind === 'role' ? captainByRole(s, viewer.role) : undefined
      if (!c) return model
      const rc = model.rc as { own: { id: string }[] }
      const mine = shipsOf(s, c)
      const form = orderForm(s, c.side, pack, mine)
      return {
        ...model,
        rc: {
          ...rc,
          own: rc.own.filter((x) => mine.includes(x.id)),
          friends: rc.own
            .filter((x) => !mine.includes(x.id))
            .map((x) => ({ ...x, by: captainOfShip(s, x.id)?.role ?? '' })),
          captain: commandLine(s, c),
        },
        orderForm: form.length ? [...formHeader(s, c, mine), ...form] : [],
      }
    },
  }
  if (rules.parseAnswer) {
    const parseAnswer = rules.parseAnswer
    wrapped.parseAnswer = (s, q, text) => parseAnswer(s, { ...q, role: inward(s, q.role) }, text)
  }
  if (rules.figures) {
    const figures = rules.figures
    wrapped.figures = (s, viewer, seen, stamp) => figures(s, viewerIn(s, viewer), seenIn(s, seen), stamp)
  }
  return wrapped
}
