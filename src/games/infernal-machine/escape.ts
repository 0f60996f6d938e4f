// Lost and Escape (Rule Book p.13-14): the Escape Check, then the three Safe Escape steps by where
// each crewman sits, capture under enemy eyes, and Sick Bay for those lost below or worn out.
import { PUBLIC } from '../contract.ts'
import { adjacentSpaces, type Crewman, engineOf, hatchSpaces, incapacitatedSpaces, personaOf } from './boat.ts'
import { type Ctx, d10, note, type Sortie } from './sortie.ts'

export interface EscapeResult {
  possible: boolean
  /** Persona ids by fate. */
  dead: string[]
  captured: string[]
  home: string[]
  sickBay: string[]
}

/** The Escape Value (p.13): the Crank columns count incapacitated spaces, the Engine ones engine Fatigue. */
export function escapeValue(ctx: Ctx, s: Sortie): { value: number; modifier: number } {
  const t = ctx.pack.tactical
  const row = t.escape[s.boat.elevation]!
  const r = t.escapeRules
  const value = engineOf(s.boat)
    ? row.engine[
        r.engineColumns.findIndex((top, i) => s.boat.engineFatigue <= top || i === r.engineColumns.length - 1)
      ]!
    : row.crank[
        r.crankColumns.findIndex(
          (top, i) => incapacitatedSpaces(s.boat).length <= top || i === r.crankColumns.length - 1,
        )
      ]!
  const modifier =
    (r.easyBoards.includes(s.board) ? r.easyBoard : 0) +
    (s.drift === 'weak' ? r.weakDrift : 0) +
    (s.drift === 'strong' ? r.strongDrift : 0)
  return { value, modifier }
}

/** Picks k of the list at random, each pick a die over those left. */
function pickRandom(ctx: Ctx, list: Crewman[], k: number, label: string): Crewman[] {
  const left = [...list]
  const picked: Crewman[] = []
  for (let i = 0; i < k && left.length; i++)
    picked.push(left.splice(ctx.dice.roll(`${label} ${i + 1}`, left.length, PUBLIC) - 1, 1)[0]!)
  return picked
}

/** A crewman's survival roll; a panicked one rolls two and keeps the better, except below deeper (p.13). */
function survives(ctx: Ctx, s: Sortie, c: Crewman, on: number, label: string): boolean {
  const first = d10(ctx, label)
  const second = c.panic && s.boat.elevation < 4 ? d10(ctx, `${label} second die`) : 0
  return Math.max(first, second) >= on
}

/** Steps 1-3 (p.13): out through the hatch spaces, then the crew beside them, then the rest. */
function getOut(ctx: Ctx, s: Sortie, crew: Crewman[]): Crewman[] {
  const name = (c: Crewman) => personaOf(ctx.pack, c).name
  const hatches = hatchSpaces(s.boat)
  const alive: Crewman[] = []
  if (!hatches.length) alive.push(...crew)
  else {
    const inHatch = crew.filter((c) => hatches.includes(c.space))
    const beside = crew.filter((c) => !hatches.includes(c.space) && hatches.some((h) => adjacentSpaces(h, c.space)))
    const others = crew.filter((c) => !inHatch.includes(c) && !beside.includes(c))
    if (inHatch.length) {
      const n = d10(ctx, 'escape hatch spaces')
      const dead = n >= inHatch.length ? [] : pickRandom(ctx, inHatch, inHatch.length - n, 'escape hatch dead')
      alive.push(...inHatch.filter((c) => !dead.includes(c)))
      note(
        ctx,
        'p.13',
        `Step 1: ${n} of ${inHatch.length} in hatch spaces get out${dead.length ? `; lost: ${dead.map(name).join(', ')}` : ''}`,
      )
    }
    for (const c of beside) {
      const ok = survives(ctx, s, c, ctx.pack.tactical.escapeRules.adjacentSurvivesOn, `escape ${c.id}`)
      if (ok) alive.push(c)
      note(ctx, 'p.13', `Step 2: ${name(c)}${c.panic ? ' (panicked)' : ''} ${ok ? 'gets out' : 'perishes'}`)
    }
    for (const c of others) {
      const ok = survives(ctx, s, c, ctx.pack.tactical.escapeRules.otherSurvivesOn, `escape ${c.id}`)
      if (ok) alive.push(c)
      note(ctx, 'p.13', `Step 3: ${name(c)}${c.panic ? ' (panicked)' : ''} ${ok ? 'gets out' : 'perishes'}`)
    }
  }
  return alive
}

/** The survivors (p.14): captured under Enemy Eyes without Friendly Eyes, the rest home or to Sick Bay. */
function goHome(
  ctx: Ctx,
  s: Sortie,
  alive: Crewman[],
  eyes: { enemy: boolean; friendly: boolean },
  out: EscapeResult,
): void {
  const name = (c: Crewman) => personaOf(ctx.pack, c).name
  let free = alive
  if (eyes.enemy && !eyes.friendly) free = []
  else if (eyes.enemy && eyes.friendly && alive.length) {
    const n = d10(ctx, 'escape capture')
    free = n >= alive.length ? alive : pickRandom(ctx, alive, n, 'escape home')
  }
  out.captured = alive.filter((c) => !free.includes(c)).map((c) => c.id)
  if (out.captured.length)
    note(
      ctx,
      'p.14',
      `captured: ${alive
        .filter((c) => !free.includes(c))
        .map(name)
        .join(', ')}`,
    )
  for (const c of free) {
    const sick = s.boat.elevation >= 2 || (c.fatigue && c.panic)
    ;(sick ? out.sickBay : out.home).push(c.id)
  }
  if (free.length)
    note(
      ctx,
      'p.14',
      `home: ${
        free
          .filter((c) => out.home.includes(c.id))
          .map(name)
          .join(', ') || 'none'
      }; Sick Bay: ${
        free
          .filter((c) => out.sickBay.includes(c.id))
          .map(name)
          .join(', ') || 'none'
      }`,
    )
}

export function escapeCrew(ctx: Ctx, s: Sortie, eyes: { enemy: boolean; friendly: boolean }): EscapeResult {
  const crew = s.boat.crew
  const out: EscapeResult = { possible: false, dead: [], captured: [], home: [], sickBay: [] }
  if (s.noEscape) {
    out.dead = crew.map((c) => c.id)
    note(ctx, 'p.7', 'no Escape after a concussion: all hands lost')
    return out
  }
  const { value, modifier } = escapeValue(ctx, s)
  const roll = d10(ctx, 'escape check')
  if (roll + modifier < value) {
    out.dead = crew.map((c) => c.id)
    note(
      ctx,
      'p.13',
      `Escape Check: ${roll}${modifier ? ` ${modifier > 0 ? '+' : ''}${modifier}` : ''} against ${value}: all perish`,
    )
    return out
  }
  out.possible = true
  note(
    ctx,
    'p.13',
    `Escape Check: ${roll}${modifier ? ` ${modifier > 0 ? '+' : ''}${modifier}` : ''} against ${value}: Safe Escape`,
  )
  const alive = getOut(ctx, s, crew)
  out.dead = crew.filter((c) => !alive.includes(c)).map((c) => c.id)
  goHome(ctx, s, alive, eyes, out)
  return out
}
