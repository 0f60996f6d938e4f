// Searches, spotting responses, escapes and combat (6.1-6.4, 7.21, 8.x, 11.74).
import type { Audience } from '../contract.ts'
import type { Facts } from './policy.ts'
import { CSA, PUBLIC, type Resolution, type RollRef } from './resolution.ts'
import { searchUnits, typeClass } from './state.ts'
import { combatDamage, ecesShip, ecesSpots, escapes, searchSpots } from './tables.ts'
import { refugeAvailable } from './ports.ts'

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
function semmesMember(res: Resolution, act: Pick<Activity, 'members'>): string {
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

function unitHp(res: Resolution, unit: FederalUnit): number {
  if (unit.kind === 'eces') return unit.def - unit.damage
  return Math.min(...alive(res, unit.ids).map((id) => res.ctx.ship(id).def - res.state.usa[id]!.damage))
}

export function csaSpeed(res: Resolution, shipId: string): number {
  const s = res.state.csa[shipId]!
  return res.ctx.ship(shipId).ma - s.damage
}

function csaGun(res: Resolution, shipId: string): number {
  const s = res.state.csa[shipId]!
  return s.commissioned ? res.ctx.ship(shipId).gun : 0
}

function semmesAboard(res: Resolution, shipId: string): boolean {
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

/**
 * A Confederate ship has entered `area` (moved in, left port or run out): the ECES in C9 (6.4),
 * then the normal search by the Federal ships there (6.1, 11.11). Returns 'ended' when the ship
 * was sunk or accepted blockade.
 */
export function searchOnEntry(res: Resolution, act: Activity, areaId: string, exclude: string[] = []): Outcome {
  const { state, ctx } = res
  if (act.unsearchable) return 'continue'
  const shipId = act.ship
  const name = csaName(act)
  if (areaId === ctx.pack.mapRoles.eastCoast) {
    // A squadron makes one entry: its first-named ship picks the ECES column (ruling R-SQ); every member counts (R18).
    const cls = typeClass(ctx.ship(act.members[0]!).type)
    const earlier = state.ecesEntries[cls] ?? 0
    for (const m of act.members) {
      const c = typeClass(ctx.ship(m).type)
      state.ecesEntries[c] = (state.ecesEntries[c] ?? 0) + 1
    }
    const r = res.roll(`ECES for ${shipId} in ${areaId}`, 6, CSA)
    if (!ecesSpots(ctx.pack.tables, r.value)) {
      res.say(CSA, '6.41', `East Coast Emergency Search for ${name}: die ${r.value}, not spotted.`, [r.ref])
    } else {
      const t = res.roll(`ECES ship for ${shipId}`, 6, PUBLIC)
      const found = ecesShip(ctx.pack.tables, t.value, cls, earlier)
      for (const m of act.members) reveal(res, m)
      res.say(
        PUBLIC,
        '6.43',
        `East Coast Emergency Search spots ${name} in ${areaId} (die ${r.value}); the emergency ship rolled (die ${t.value}) has gunnery ${found.gun}, defense ${found.def}, speed ${found.speed}.`,
        [r.ref, t.ref],
        { at: areaId, mark: 'spot' },
      )
      noteSpotted(res, act.members)
      if (!pruneMembers(res, act)) return 'ended'
      const outcome = respondToSpotting(res, act, areaId, { kind: 'eces', ...found, damage: 0 })
      if (outcome === 'ended') return outcome
    }
  }
  const units = searchUnits(state, ctx, areaId).filter((u) => !u.some((id) => exclude.includes(id)))
  if (!units.length) return 'continue'
  const r = res.roll(`search for ${shipId} in ${areaId} by ${units.length}`, 6, CSA)
  if (!searchSpots(ctx.pack.tables, r.value, units.length)) {
    res.say(
      CSA,
      '6.11',
      `${name} entered ${areaId}: ${units.length} Federal searcher(s), die ${r.value}, not spotted.`,
      [r.ref],
    )
    return 'continue'
  }
  let spotter = units[0]!
  const rolls = [r.ref]
  if (units.length > 1) {
    // 6.14: each searcher rolls, high roll spots, ties reroll.
    let contenders = units
    while (contenders.length > 1) {
      const faces = contenders.map((u) => {
        const d = res.roll(`spotter among ${u.join('+')}`, 6, PUBLIC)
        rolls.push(d.ref)
        return d.value
      })
      const top = Math.max(...faces)
      contenders = contenders.filter((_, i) => faces[i] === top)
    }
    spotter = contenders[0]!
  }
  for (const m of act.members) reveal(res, m)
  const unit: FederalUnit = { kind: 'ships', ids: spotter }
  res.say(
    PUBLIC,
    '6.11',
    `${unitName(res, unit)} spots ${name} in ${areaId} (search die ${r.value} with ${units.length} searcher(s)).`,
    rolls,
    { at: areaId, mark: 'spot' },
  )
  noteSpotted(res, act.members)
  if (!pruneMembers(res, act)) return 'ended'
  return respondToSpotting(res, act, areaId, unit)
}

function spottingFacts(res: Resolution, act: Activity, areaId: string, unit: FederalUnit): Facts {
  const def = res.ctx.ship(act.members[0]!)
  const hp = Math.min(...act.members.map((m) => res.ctx.ship(m).def - res.state.csa[m]!.damage))
  return {
    DIFF: csaUnitSpeed(res, act) - unitSpeed(res, unit),
    'MY.GUN': act.members.reduce((n, m) => n + csaGun(res, m), 0),
    'MY.DEF': def.def,
    'MY.HP': hp,
    'MY.DMG': Math.max(...act.members.map((m) => res.state.csa[m]!.damage)),
    'MY.SPEED': csaUnitSpeed(res, act),
    'MP.LEFT': act.allowance - act.mp,
    'FOE.GUN': unitGun(res, unit),
    'FOE.HP': unitHp(res, unit),
    'FOE.SPEED': unitSpeed(res, unit),
    'FOE.COUNT': unit.kind === 'eces' ? 1 : unit.ids.length,
    'FOE.TYPE': unit.kind === 'eces' ? 'ECES' : res.ctx.ship(unit.ids[0]!).type,
    AREA: areaId,
    TURN: res.state.turn,
    COASTAL: refugeAvailable(res.ctx, areaId),
    ECESSHIP: unit.kind === 'eces',
    SEMMES: act.members.some((m) => semmesAboard(res, m)),
  }
}

/** 6.13: the spotted ship fights, tries to escape, or (coastal, not C9/C54) accepts blockade. */
export function respondToSpotting(res: Resolution, act: Activity, areaId: string, unit: FederalUnit): Outcome {
  const shipId = csaName(act)
  const facts = spottingFacts(res, act, areaId, unit)
  const csaType = res.ctx.ship(act.members[0]!).type
  const refuge = facts.COASTAL === true
  const options = [
    { id: 'FIGHT', label: 'accept combat' },
    { id: 'ESCAPE', label: 'attempt to escape (1 MP)' },
    ...(refuge ? [{ id: 'PORT', label: 'enter port and accept blockade (ends the turn)' }] : []),
  ]
  const choice = res.decide(
    'confederate',
    'SPOTTED',
    act.squadron ? [act.ship, 'ALL'] : [act.ship, `TYPE=${csaType}`, 'ALL'],
    facts,
    (f) => (f.COASTAL && Number(f['FOE.GUN']) >= Number(f['MY.GUN']) ? 'PORT' : 'ESCAPE'),
    `${shipId} is spotted in ${areaId} by ${unitName(res, unit)}: fight, escape${refuge ? ' or accept blockade' : ''}?`,
    options,
  )
  let action = choice.action
  if (action === 'PORT' && !refuge) action = 'ESCAPE'
  res.say(CSA, '6.13', `${shipId} answers the spotting with ${action} (${choice.source}).`)
  // The Federal intent is read blind, before the Confederate answer is known (digest 5.1).
  const fedFacts: Facts = {
    DIFF: unitSpeed(res, unit) - csaUnitSpeed(res, act),
    'MY.GUN': unitGun(res, unit),
    'MY.HP': unitHp(res, unit),
    'FOE.GUN': facts['MY.GUN']!,
    'FOE.HP': facts['MY.HP']!,
    'FOE.SPEED': facts['MY.SPEED']!,
    'FOE.TYPE': csaType,
    'FOE.COUNT': act.members.length,
    AREA: areaId,
    TURN: res.state.turn,
  }
  const fedScopes = unit.kind === 'ships' ? [...unit.ids, 'ALL'] : []
  const fedAvoids =
    unit.kind === 'ships' &&
    (action === 'FIGHT'
      ? res.decide(
          'federal',
          'COMBAT-OFFERED',
          fedScopes,
          fedFacts,
          (f) => (f['FOE.TYPE'] === 'IC' ? 'EVADE' : 'STAND'),
          '',
          [],
        ).action === 'EVADE'
      : res.decide('federal', 'ESCAPE-ATTEMPT', fedScopes, fedFacts, () => 'CONTEST', '', []).action === 'LETGO')

  if (action === 'PORT') return acceptBlockade(res, act, areaId, unit)
  if (action === 'ESCAPE') {
    chargeEscape(res, act, areaId)
    if (fedAvoids) {
      res.say(PUBLIC, '6.13', `${shipId} and ${unitName(res, unit)} part by mutual consent; no combat.`)
      return overrun(res, act)
    }
    const speedDiff = csaUnitSpeed(res, act) - unitSpeed(res, unit)
    const r = rollWithSemmes(
      res,
      semmesMember(res, act),
      'ESCAPE',
      `escape ${act.ship} from ${unitName(res, unit)}`,
      PUBLIC,
      (die) => ({
        RESULT: escapes(res.ctx.pack.tables, die, speedDiff) ? 'ESCAPED' : 'FAIL',
      }),
    )
    if (escapes(res.ctx.pack.tables, r.die, speedDiff)) {
      res.say(
        PUBLIC,
        '6.21',
        `${shipId} escapes from ${unitName(res, unit)} (speed difference ${speedDiff}, die ${r.die}).`,
        r.rolls,
      )
      return overrun(res, act)
    }
    res.say(
      PUBLIC,
      '6.22',
      `${shipId} fails to escape from ${unitName(res, unit)} (speed difference ${speedDiff}, die ${r.die}).`,
      r.rolls,
    )
    if (combat(res, act, unit) === 'ended') return 'ended'
    return overrun(res, act)
  }
  if (fedAvoids && unit.kind === 'ships') {
    const speedDiff = unitSpeed(res, unit) - csaUnitSpeed(res, act)
    const r = res.roll(`Federal escape of ${unitName(res, unit)} from ${act.ship}`, 6, PUBLIC)
    if (escapes(res.ctx.pack.tables, r.value, speedDiff)) {
      res.say(
        PUBLIC,
        '6.13',
        `${unitName(res, unit)} declines combat and escapes from ${shipId} (speed difference ${speedDiff}, die ${r.value}).`,
        [r.ref],
      )
      return 'continue'
    }
    res.say(
      PUBLIC,
      '6.13',
      `${unitName(res, unit)} tries to avoid ${shipId} and fails (speed difference ${speedDiff}, die ${r.value}).`,
      [r.ref],
    )
  }
  return combat(res, act, unit)
}

/** 4.13 / 4.34: an escape attempt costs 1 MP unless it takes the MP of a raid scripted here. */
export function chargeEscape(res: Resolution, act: Activity, areaId: string): void {
  if (!act.escapedIn.includes(areaId)) act.escapedIn.push(areaId)
  if (act.raidPlannedIn.has(areaId)) {
    act.raidPlannedIn.delete(areaId)
    res.say(CSA, '4.34', `${act.ship} gives up its raid in ${areaId}; the raid's MP pays for the escape attempt.`)
    return
  }
  act.mp += 1
}

/** 4.32: an escape past the movement allowance ends the rest of the script. */
function overrun(res: Resolution, act: Activity): Outcome {
  if (act.mp > act.allowance) {
    res.say(
      CSA,
      '4.32',
      `${act.ship} has spent ${act.mp} of ${act.allowance} MP escaping: the rest of its script is cancelled.`,
    )
    act.ended = true
    return 'ended'
  }
  return 'continue'
}

/** 6.13 option 3 / 4.33: into a port of the area, blockaded by the spotter; activity ends. */
export function acceptBlockade(res: Resolution, act: Activity, areaId: string, unit: FederalUnit): Outcome {
  const neutral = res.ctx.area(areaId).ports.find((p) => p.nat !== 'USA' && p.nat !== 'CSA')
  for (const m of act.members) {
    res.state.csa[m]!.port = neutral?.nat ?? 'refuge'
    reveal(res, m)
  }
  act.acceptedBlockade = true
  act.ended = true
  if (unit.kind === 'ships') {
    if (!act.squadron) for (const id of unit.ids) res.state.usa[id]!.blockading = act.ship
    // A squadron's ships lie in a port each (4.4): the spotter's ships blockade one each, in order (ruling R-SQ).
    else
      unit.ids.forEach((id, i) => {
        if (act.members[i]) res.state.usa[id]!.blockading = act.members[i]!
      })
  }
  res.say(
    PUBLIC,
    '6.13',
    `${csaName(act)} enters ${neutral ? `the ${neutral.nat} port` : 'a port'} in ${areaId} and accepts blockade by ${unitName(res, unit)}; its activity ends for the turn (4.33).`,
    undefined,
    { at: areaId, mark: 'blockade' },
  )
  return 'ended'
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
