// Searches and what follows a sighting (6.1-6.3, 7.21): the searches on entering an area, the
// Confederate standing answer to being spotted (fight, escape, run for port), overruns and blockades
// accepted. The fights themselves are in combat.ts.
import type { Facts } from './policy.ts'
import { CSA, PUBLIC, type Resolution } from './resolution.ts'
import { searchUnits, typeClass } from './state.ts'
import { ecesShip, ecesSpots, escapes, searchSpots } from './tables.ts'
import { refugeAvailable } from './ports.ts'
import {
  type Activity,
  type FederalUnit,
  type Outcome,
  combat,
  csaGun,
  csaName,
  csaUnitSpeed,
  noteSpotted,
  pruneMembers,
  reveal,
  rollWithSemmes,
  semmesAboard,
  semmesMember,
  unitGun,
  unitHp,
  unitName,
  unitSpeed,
} from './combat.ts'

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

export function spottingFacts(res: Resolution, act: Activity, areaId: string, unit: FederalUnit): Facts {
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

/** 4.42: why a spotted ship may not accept blockade in this area. */
function noRefugeReason(res: Resolution, areaId: string): string {
  return res.ctx.area(areaId).kind === 'C'
    ? 'no Confederate ship may accept blockade on the United States coast (4.42)'
    : 'only a coastal area has ports to accept blockade in (4.42)'
}

/** 6.13: the spotted ship fights, tries to escape, or (coastal, not C9/C54) accepts blockade. */
export function respondToSpotting(res: Resolution, act: Activity, areaId: string, unit: FederalUnit): Outcome {
  const facts = spottingFacts(res, act, areaId, unit)
  const action = confederateAnswer(res, act, areaId, unit, facts)
  const fedAvoids = federalAvoids(res, act, areaId, unit, facts, action)
  if (action === 'PORT') return acceptBlockade(res, act, areaId, unit)
  if (action === 'ESCAPE') return escapeAttempt(res, act, areaId, unit, fedAvoids)
  if (fedAvoids && unit.kind === 'ships' && federalEvades(res, act, unit)) return 'continue'
  return combat(res, act, unit)
}

/** The Confederate answer to the spotting, from his standing order or his reply (6.13, 4.42). */
function confederateAnswer(res: Resolution, act: Activity, areaId: string, unit: FederalUnit, facts: Facts): string {
  const shipId = csaName(act)
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
    refuge ? [] : ['PORT'],
  )
  const action = choice.action
  if (choice.passedOver)
    res.say(
      CSA,
      '4.42',
      `${shipId} cannot take refuge in port in ${areaId}: ${noRefugeReason(res, areaId)}; the policy's PORT clause is passed over.`,
    )
  res.say(CSA, '6.13', `${shipId} answers the spotting with ${action} (${choice.source}).`)
  return action
}

/** Whether the Federal spotter would rather avoid what the Confederate chose (digest 5.1). */
function federalAvoids(
  res: Resolution,
  act: Activity,
  areaId: string,
  unit: FederalUnit,
  facts: Facts,
  action: string,
): boolean {
  const csaType = res.ctx.ship(act.members[0]!).type
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
  return (
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
  )
}

/** 6.2: an escape attempt; a failed one ends in combat. Both sides willing, they part without one. */
function escapeAttempt(res: Resolution, act: Activity, areaId: string, unit: FederalUnit, fedAvoids: boolean): Outcome {
  const shipId = csaName(act)
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

/** 6.13: a Federal unit that declines the combat offered tries to escape; true if it gets away. */
function federalEvades(res: Resolution, act: Activity, unit: FederalUnit): boolean {
  const shipId = csaName(act)
  const speedDiff = unitSpeed(res, unit) - csaUnitSpeed(res, act)
  const r = res.roll(`Federal escape of ${unitName(res, unit)} from ${act.ship}`, 6, PUBLIC)
  if (escapes(res.ctx.pack.tables, r.value, speedDiff)) {
    res.say(
      PUBLIC,
      '6.13',
      `${unitName(res, unit)} declines combat and escapes from ${shipId} (speed difference ${speedDiff}, die ${r.value}).`,
      [r.ref],
    )
    return true
  }
  res.say(
    PUBLIC,
    '6.13',
    `${unitName(res, unit)} tries to avoid ${shipId} and fails (speed difference ${speedDiff}, die ${r.value}).`,
    [r.ref],
  )
  return false
}

/**
 * 4.13 / 4.34: every escape attempt spends 1 MP. Where a raid is scripted, the raid is given up and
 * its MP is the one spent, so the script's total does not grow; the escape is never free.
 */
export function chargeEscape(res: Resolution, act: Activity, areaId: string): void {
  if (!act.escapedIn.includes(areaId)) act.escapedIn.push(areaId)
  act.mp += 1
  if (act.raidPlannedIn.has(areaId)) {
    act.raidPlannedIn.delete(areaId)
    res.say(CSA, '4.34', `${act.ship} gives up its raid in ${areaId}; the raid's MP pays for the escape attempt.`)
  }
}

/** 4.32: an escape past the movement allowance ends the rest of the script. */
export function overrun(res: Resolution, act: Activity): Outcome {
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
