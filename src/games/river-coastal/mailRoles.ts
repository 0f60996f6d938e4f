// The judge's names for the two sides. The rules speak of USA and CSA, but the mail intake reads a
// role from a reply address or a GAME line in lower case (src/mail/identity.ts, src/orders/script.ts),
// so a game played by mail must name its roles in lower case: `usa` and `csa`. This wrapper is the
// only place the two spellings meet: every role going into the rules is upper-cased, every role
// coming out (awaited orders, questions, narrative and dice audiences, the winner) lower-cased.
import type { Audience, Dice, Question, Ruleset, Viewer } from '../contract.ts'

const inward = (role: string) => role.toUpperCase()
const outward = (role: string) => role.toLowerCase()

const audienceOut = (a: Audience): Audience => (a.kind === 'roles' ? { kind: 'roles', roles: a.roles.map(outward) } : a)
const viewerIn = (v: Viewer): Viewer => (v.kind === 'role' ? { kind: 'role', role: inward(v.role) } : v)
const questionIn = <Q extends Question>(q: Q): Q => ({ ...q, role: inward(q.role) })

/** Dice that record every audience under the judge's role names. */
const diceOut = (d: Dice): Dice => ({
  roll: (label, sides, audience) => d.roll(label, sides, audienceOut(audience)),
  draw: (label, sides, audience) => d.draw(label, sides, audienceOut(audience)),
})

export function withMailRoles<S, O>(rules: Ruleset<S, O>): Ruleset<S, O> {
  const wrapped: Ruleset<S, O> = {
    ...rules,
    roles: rules.roles.map(outward),
    setup: (scenario, options, pack, hidden) => rules.setup(scenario, options, pack, diceOut(hidden)),
    awaiting: (s) => rules.awaiting(s).map((a) => ({ ...a, role: outward(a.role) })),
    parseOrders: (s, role, text) => rules.parseOrders(s, inward(role), text),
    resolve: (s, input, dice) => {
      const orders = Object.fromEntries(Object.entries(input.orders).map(([role, o]) => [inward(role), o]))
      const step = rules.resolve(s, { ...input, orders }, diceOut(dice))
      return {
        ...step,
        narrative: step.narrative.map((n) => ({ ...n, audience: audienceOut(n.audience) })),
        decisions: step.decisions.map((d) => ({ ...d, role: outward(d.role) })),
      }
    },
    view: (s, viewer) => rules.view(s, viewerIn(viewer)),
    outcome: (s) => {
      const o = rules.outcome(s)
      return o && o.winner ? { ...o, winner: outward(o.winner) } : o
    },
    reportModel: (s, viewer) => rules.reportModel(s, viewerIn(viewer)),
  }
  if (rules.orderHelp) {
    const orderHelp = rules.orderHelp
    wrapped.orderHelp = (s, role) => orderHelp(s, inward(role))
  }
  if (rules.parseAnswer) {
    const parseAnswer = rules.parseAnswer
    wrapped.parseAnswer = (s, q, text) => parseAnswer(s, questionIn(q), text)
  }
  if (rules.figures) {
    const figures = rules.figures
    wrapped.figures = (s, viewer, seen, stamp) =>
      figures(
        s,
        viewerIn(viewer),
        seen.map((n) => ({
          ...n,
          audience: n.audience.kind === 'roles' ? { kind: 'roles', roles: n.audience.roles.map(inward) } : n.audience,
        })),
        stamp,
      )
  }
  return wrapped
}
