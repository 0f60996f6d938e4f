// Combat (6.4, 8.x, 11.74): the sides' guns, speeds and names, Semmes' rolls, the fight and its
// losses. Searches and the answers to a sighting are in spotting.ts.
import type { Audience } from '../contract.ts'
import type { Facts } from './policy.ts'
import { CSA, PUBLIC, type Resolution, type RollRef } from './resolution.ts'
import { typeClass } from './state.ts'
import { combatDamage } from './tables.ts'

/** A Federal side in a fight: real ships (one, or a squadron) or a counterless ECES ship (6.43). */
export type FederalUnit =
  | { kind: 'ships'; ids: string[] }
  | { kind: 'eces'; gun: number; def: number; speed: number; damage: number }

/** What the Confederate ship (or squadron, 4.52) is doing this activity phase (per-unit scratch, 4.1x). */
export interface Activity {
  /** The ship's id, or the squadron's name. */
  ship: string
  /** The ships acting: [ship] for a single ship, the afloat members of a squadron. */
  members: string[]
  squadron: boolean
  /** 11.53: extra MP this phase (prize coal). */
  bonus: number
  /** 11.61: the Stonewall's record-phase move meets no search. */
  unsearchable: boolean
  mp: number
  allowance: number
  escapedIn: string[]
  raidedIn: string[]
  raids: number
  coalings: number
  acceptedBlockade: boolean
  ended: boolean
  /** Areas where a scripted raid will absorb the MP of an escape attempt there (4.34). */
  raidPlannedIn: Set<string>
}

export type Outcome = 'continue' | 'ended'

/** A fresh activity record for one ship or a squadron. */
export function newActivity(
  ship: string,
  members: string[],
  allowance: number,
  raidPlannedIn: Set<string>,
  opts: { squadron?: boolean; bonus?: number; unsearchable?: boolean } = {},
): Activity {
  return {
    ship,
    members,
    squadron: !!opts.squadron,
    bonus: opts.bonus ?? 0,
    unsearchable: !!opts.unsearchable,
    mp: 0,
    allowance,
    escapedIn: [],
    raidedIn: [],
    raids: 0,
    coalings: 0,
    acceptedBlockade: false,
    ended: false,
    raidPlannedIn,
  }
}

/** How the narrative names the acting ship or squadron. */
export function csaName(act: Pick<Activity, 'ship' | 'members' | 'squadron'>): string {
  return act.squadron ? `squadron ${act.ship} (${act.members.join('+')})` : act.ship
}

/** Drops sunk or interned members; true while any is still acting. */
export function pruneMembers(res: Resolution, act: Activity): boolean {
  act.members = act.members.filter((m) => res.state.csa[m]!.status === 'map')
  return act.members.length > 0
}

/** The side's speed for escapes: its slowest member's (6.21). */
export function csaUnitSpeed(res: Resolution, act: Pick<Activity, 'members'>): number {
  return Math.min(...act.members.map((m) => csaSpeed(res, m)))
}

/** The member carrying Semmes (for his reroll, 11.74), else the first. */
export function semmesMember(res: Resolution, act: Pick<Activity, 'members'>): string {
  return act.members.find((m) => semmesAboard(res, m)) ?? act.members[0]!
}

/**
 * 11.32: a spotting counts against a ship sunk on its n-th spotting after its first refit (the
 * Florida). Returns the ships it sank.
 */
export function noteSpotted(res: Resolution, ids: string[]): string[] {
  const sunk: string[] = []
  for (const id of ids) {
    const s = res.state.csa[id]!
    const rule = res.ctx.ship(id).afterFirstRefit
    if (!rule || (s.refits ?? 0) < 1 || s.status !== 'map') continue
    s.spottedAfterRefit = (s.spottedAfterRefit ?? 0) + 1
    if (s.spottedAfterRefit >= rule.sunkOnSpotting) {
      removeConfederate(res, id, 'sunk', `spotted ${s.spottedAfterRefit} times since its first refit (11.32)`)
      sunk.push(id)
    } else
      res.say(
        CSA,
        '11.32',
        `${id} has been spotted ${s.spottedAfterRefit} time(s) since its first refit; the ${ordinal(rule.sunkOnSpotting)} spotting sinks it.`,
      )
  }
  return sunk
}

function ordinal(n: number): string {
  return n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`
}

export function unitName(_res: Resolution, unit: FederalUnit): string {
  if (unit.kind === 'eces') return 'an East Coast emergency ship'
  return unit.ids.length === 1 ? unit.ids[0]! : `squadron ${unit.ids.join('+')}`
}

function alive(res: Resolution, ids: string[]): string[] {
  return ids.filter((id) => res.state.usa[id]!.loc !== 'sunk')
}

export function unitGun(res: Resolution, unit: FederalUnit): number {
  if (unit.kind === 'eces') return unit.gun
  return alive(res, unit.ids).reduce((sum, id) => sum + res.ctx.ship(id).gun, 0)
}

/** 6.21: a squadron moves at its slowest ship's speed; damage slows (8.21). */
export function unitSpeed(res: Resolution, unit: FederalUnit): number {
  if (unit.kind === 'eces') return unit.speed - unit.damage
  return Math.min(...alive(res, unit.ids).map((id) => res.ctx.ship(id).ma - res.state.usa[id]!.damage))
}

export function unitHp(res: Resolution, unit: FederalUnit): number {
  if (unit.kind === 'eces') return unit.def - unit.damage
  return Math.min(...alive(res, unit.ids).map((id) => res.ctx.ship(id).def - res.state.usa[id]!.damage))
}

export function csaSpeed(res: Resolution, shipId: string): number {
  const s = res.state.csa[shipId]!
  return res.ctx.ship(shipId).ma - s.damage
}

export function csaGun(res: Resolution, shipId: string): number {
  const s = res.state.csa[shipId]!
  return s.commissioned ? res.ctx.ship(shipId).gun : 0
}

export function semmesAboard(res: Resolution, shipId: string): boolean {
  return res.state.semmes.ship === shipId && !res.state.semmes.removed
}

/**
 * A Raid, Escape or Blockade table roll for a Confederate ship; with Semmes aboard it may be
 * rerolled once per turn (11.74), the second roll standing. `facts` describe the first result.
 */
export function rollWithSemmes(
  res: Resolution,
  shipId: string,
  table: 'RAID' | 'ESCAPE' | 'BLOCKADE',
  label: string,
  audience: Audience,
  describe: (die: number) => Facts,
): { die: number; rolls: RollRef[]; rerolled: boolean } {
  const first = res.roll(label, 6, audience)
  if (!semmesAboard(res, shipId) || res.state.semmes.usedThisTurn)
    return { die: first.value, rolls: [first.ref], rerolled: false }
  const facts: Facts = { TABLE: table, TURN: res.state.turn, ...describe(first.value) }
  const choice = res.decide(
    'confederate',
    'ROLL',
    ['SEMMES'],
    facts,
    (f) =>
      (f.TABLE === 'ESCAPE' && f.RESULT === 'FAIL') || (f.TABLE === 'BLOCKADE' && f.RESULT !== 'NONE')
        ? 'REROLL'
        : 'KEEP',
    `Semmes may reroll the ${table.toLowerCase()} die (${first.value}) for ${shipId}`,
    [
      { id: 'REROLL', label: 'reroll (the new roll stands)' },
      { id: 'KEEP', label: 'keep the roll' },
    ],
  )
  if (choice.action !== 'REROLL') return { die: first.value, rolls: [first.ref], rerolled: false }
  res.state.semmes.usedThisTurn = true
  const second = res.roll(`${label} (Semmes reroll)`, 6, audience)
  res.say(
    audience,
    '11.74',
    `Semmes rerolls the ${table.toLowerCase()} die for ${shipId}: ${first.value} -> ${second.value}.`,
    [first.ref, second.ref],
  )
  return { die: second.value, rolls: [first.ref, second.ref], rerolled: true }
}

/** Marks what the Federal player now knows of a Confederate ship's whereabouts. */
export function reveal(res: Resolution, shipId: string): void {
  const s = res.state.csa[shipId]!
  if (s.area) s.knownToFederal = { turn: res.state.turn, area: s.area, port: s.port }
}

/** The Confederate side of a fight: one ship, or a squadron's afloat members (4.51, 4.52). */
export type CsaSide = Pick<Activity, 'ship' | 'members' | 'squadron'>

/** 8.1x: simultaneous firing segments until one side is wholly sunk. No break-off (8.12). */
export function combat(res: Resolution, who: CsaSide | string, unit: FederalUnit): Outcome {
  const { state, ctx } = res
  const side: CsaSide = typeof who === 'string' ? { ship: who, members: [who], squadron: false } : who
  const label = csaName(side)
  const afloat = () => side.members.filter((m) => state.csa[m]!.status === 'map')
  for (const m of side.members) reveal(res, m)
  const at = state.csa[side.members[0]!]!.area
  res.say(
    PUBLIC,
    '8.11',
    `Combat: ${label} against ${unitName(res, unit)}.`,
    undefined,
    at ? { at, mark: 'combat' } : undefined,
  )
  for (let segment = 1; segment <= 60; segment++) {
    const fedGun = unitGun(res, unit)
    const myGun = afloat().reduce((n, m) => n + csaGun(res, m), 0)
    const c = res.roll(`combat ${side.ship} fires (segment ${segment})`, 6, PUBLIC)
    const f = res.roll(`combat ${unitName(res, unit)} fires (segment ${segment})`, 6, PUBLIC)
    const toFederal = combatDamage(ctx.pack.tables, c.value, myGun)
    const toCsa = combatDamage(ctx.pack.tables, f.value, fedGun)
    let targetName = unitName(res, unit)
    if (unit.kind === 'eces') unit.damage += toFederal
    else if (toFederal > 0) {
      const target = chooseTarget(res, side.ship, alive(res, unit.ids))
      targetName = target
      state.usa[target]!.damage += toFederal
    }
    // 4.51: against a Confederate squadron the Federal names the member that takes the damage.
    let csaTarget = side.members[0]!
    if (side.squadron) csaTarget = toCsa > 0 ? federalTarget(res, unit, afloat()) : label
    if (state.csa[csaTarget]) state.csa[csaTarget]!.damage += toCsa
    res.say(
      PUBLIC,
      '8.11',
      `Segment ${segment}: ${label} (gunnery ${myGun}, die ${c.value}) deals ${toFederal} to ${targetName}; ${unitName(res, unit)} (gunnery ${fedGun}, die ${f.value}) deals ${toCsa} to ${csaTarget}.`,
      [c.ref, f.ref],
    )
    if (unit.kind === 'ships') {
      for (const id of alive(res, unit.ids)) {
        if (state.usa[id]!.damage >= ctx.ship(id).def) sinkFederal(res, id)
      }
    }
    for (const m of afloat())
      if (state.csa[m]!.damage >= ctx.ship(m).def) sinkConfederate(res, m, 'sunk in combat (8.13)')
    if (!afloat().length) return 'ended'
    const fedGone = unit.kind === 'eces' ? unit.damage >= unit.def : alive(res, unit.ids).length === 0
    if (fedGone) {
      const survivors = side.squadron
        ? `(${afloat()
            .map((m) => `${m} damage ${state.csa[m]!.damage}`)
            .join(', ')})`
        : `with ${state.csa[side.ship]!.damage} damage`
      res.say(PUBLIC, '8.12', `${unitName(res, unit)} is sunk; ${label} survives ${survivors}.`)
      return 'continue'
    }
  }
  // Sixty segments without a result means neither side can hurt the other; the ruling ends it.
  res.say(
    PUBLIC,
    '8.12',
    `After 60 firing segments neither side can sink the other; the combat is broken off by ruling.`,
  )
  return 'continue'
}

/** 4.51: the Confederate names which squadron member takes the damage (policy TARGET). */
function chooseTarget(res: Resolution, shipId: string, candidates: string[]): string {
  if (candidates.length === 1) return candidates[0]!
  const hp = (id: string) => res.ctx.ship(id).def - res.state.usa[id]!.damage
  const rule = res.decide('confederate', 'TARGET', [shipId, 'ALL'], {}, () => 'LOWEST-HP', '', []).action
  const sorted = [...candidates].sort((a, b) => {
    if (rule === 'HIGHEST-GUN') return res.ctx.ship(b).gun - res.ctx.ship(a).gun || hp(a) - hp(b)
    if (rule === 'SLOWEST')
      return res.ctx.ship(a).ma - res.state.usa[a]!.damage - (res.ctx.ship(b).ma - res.state.usa[b]!.damage)
    return hp(a) - hp(b) || res.ctx.ship(b).gun - res.ctx.ship(a).gun
  })
  return sorted[0]!
}

/** 4.51 (digest F-4): the Federal names the Confederate squadron member hit (policy TARGET; default the fewest hit points). */
function federalTarget(res: Resolution, unit: FederalUnit, candidates: string[]): string {
  if (candidates.length === 1) return candidates[0]!
  const hp = (id: string) => res.ctx.ship(id).def - res.state.csa[id]!.damage
  const gun = (id: string) => (res.state.csa[id]!.commissioned ? res.ctx.ship(id).gun : 0)
  const scopes = unit.kind === 'ships' ? [...unit.ids, 'ALL'] : ['ALL']
  const rule = res.decide('federal', 'TARGET', scopes, {}, () => 'LOWEST-HP', '', []).action
  const sorted = [...candidates].sort((a, b) => {
    if (rule === 'HIGHEST-GUN') return gun(b) - gun(a) || hp(a) - hp(b) || a.localeCompare(b)
    if (rule === 'SLOWEST') return csaSpeed(res, a) - csaSpeed(res, b) || a.localeCompare(b)
    return hp(a) - hp(b) || gun(b) - gun(a) || a.localeCompare(b)
  })
  return sorted[0]!
}

export function sinkFederal(res: Resolution, id: string): void {
  const u = res.state.usa[id]!
  u.loc = 'sunk'
  u.area = null
  u.blockading = null
  for (const [sq, members] of Object.entries(res.state.squadrons))
    res.state.squadrons[sq] = members.filter((m) => m !== id)
  res.say(PUBLIC, '8.13', `${id} is sunk.`)
}

export function sinkConfederate(res: Resolution, shipId: string, why: string): void {
  removeConfederate(res, shipId, 'sunk', why)
}

/** Sinking or internment: victory points (12.13, 12.14), blockades lifted, Semmes (11.71-11.73). */
export function removeConfederate(res: Resolution, shipId: string, how: 'sunk' | 'interned', why: string): void {
  const { state, ctx } = res
  const s = state.csa[shipId]!
  s.status = how
  const cls = typeClass(ctx.ship(shipId).type)
  const points = ctx.pack.victoryPoints[how][cls] ?? 0
  state.vp.usa += points
  state.losses.push({ ship: shipId, how, turn: state.turn })
  for (const u of Object.values(state.usa)) if (u.blockading === shipId) u.blockading = null
  res.say(
    PUBLIC,
    how === 'sunk' ? '12.13' : '12.14',
    `${shipId} is ${how}: ${why}. The Federal player scores ${points} VP.`,
    undefined,
    s.area ? { at: s.area, mark: 'loss' } : undefined,
  )
  if (state.semmes.ship === shipId) {
    state.semmes.ship = null
    if (state.semmes.shipsCommanded.length >= 2) {
      state.semmes.removed = true
      res.say(PUBLIC, '11.73', `Semmes' second ship is lost: he leaves the game.`)
    } else {
      state.semmes.onTrack = true
      res.say(
        PUBLIC,
        '11.71',
        `Semmes survives the loss of ${shipId} and returns next turn on a ship in port (ruling R10).`,
      )
    }
  }
  s.area = how === 'sunk' ? null : s.area
}
