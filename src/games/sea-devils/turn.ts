// The turn's frame: Phase 1 (advance, placements: 3.0, 9.21, 11.7x) and the end of the turn
// (coaling 11.52, repair and refit 8.22/11.3x, internment 11.4, Federal repairs 8.23, victory 12.x).
// The Federal deployment and movement (10.x; 4.1, 6.3, 7.24, 9.38, 11.1, 11.2) are in federalTurn.ts.
import { CSA, PUBLIC, type Resolution } from './resolution.ts'
import { removeConfederate, reveal } from './combat.ts'
import { internmentLimit, isPortRefitCapable } from './ports.ts'
import { refitForbiddenByOrigin } from './scriptChecks.ts'
import { neighbours, type CsaShip, type SdState } from './state.ts'
import type { ShipTurn } from './activityShared.ts'
import { federalAutomaticPlacement, moveTo } from './federalTurn.ts'
import { refitWarning } from './warnings.ts'

/** Phase 1 A-C up to the Federal choices (3.0); ends awaiting the Federal deployment orders. */
export function openTurn(res: Resolution): void {
  const { state, ctx } = res
  state.turn += 1
  const track = ctx.pack.track.find((t) => t.gt === state.turn)
  if (!track) throw new Error(`the data pack's turn track has no GT${state.turn}`)
  // 1A: 9.21 — W to all three levels, then E to England and F to France.
  const { W, E, F } = track.cpl
  state.cpl.world += W
  state.cpl.england += W + E
  state.cpl.france += W + F
  res.say(
    PUBLIC,
    '9.21',
    `Game turn ${state.turn} (${track.date}) begins. Prestige adjustments W${signed(W)} E${signed(E)} F${signed(F)}: world ${state.cpl.world}, England ${state.cpl.england}, France ${state.cpl.france}.`,
  )
  landWar(res)
  placement(res)
}

/**
 * 1B and 1C up to the Federal choices. A scenario that starts at placement (13.3-13.5) runs this
 * alone for its first turn: its levels are already those after 1A.
 */
export function placement(res: Resolution): void {
  const { state, ctx } = res
  const track = ctx.pack.track.find((t) => t.gt === state.turn)
  if (!track) throw new Error(`the data pack's turn track has no GT${state.turn}`)
  resetTurnScratch(state)
  cancelByPrestige(res)
  placeConfederateReinforcements(res, track.csaReinforcements)
  placeSemmes(res)
  federalAutomaticPlacement(res, track.usaReinforcements)
  state.stage = 'federal-orders'
}

/** 4.41 / 11.43: Confederate ports fall to the land war at the start of the turns the pack names; ships in them are interned. */
function landWar(res: Resolution): void {
  const { state } = res
  for (const { area: lost } of res.ctx.pack.mapRoles.landWar.filter((l) => l.turn === state.turn)) {
    if (state.csaPortsLost.includes(lost)) continue
    state.csaPortsLost.push(lost)
    res.say(PUBLIC, '4.41', `The land war: the Confederate port in ${lost} is lost.`)
    for (const s of Object.values(state.csa)) {
      if (s.status === 'map' && s.area === lost && s.port === 'CSA')
        removeConfederate(res, s.id, 'interned', `its port in ${lost} is lost to the land war (11.43)`)
    }
  }
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : String(n)
}

function resetTurnScratch(state: SdState): void {
  state.coalDenied = []
  state.raidsThisTurn = []
  state.europeDeclarations = []
  state.semmes.usedThisTurn = false
  state.squadrons = {}
  for (const u of Object.values(state.usa)) {
    u.deployed = false
    u.moved = false
    u.phaseStart = null
  }
}

/** 9.32 / 9.33: a prestige below the pack's limit (-1) stops the named ships still to be received there. */
function cancelByPrestige(res: Resolution): void {
  const { state, ctx } = res
  for (const s of Object.values(state.csa)) {
    if (s.status !== 'pending') continue
    const def = ctx.ship(s.id)
    if (def.cancelIfCplBelow === undefined) continue
    const byEngland = def.receivedIn === 'England' && state.cpl.england < def.cancelIfCplBelow
    const byFrance = def.receivedIn === 'France' && state.cpl.france < def.cancelIfCplBelow
    if (byEngland || byFrance) {
      s.status = 'cancelled'
      res.say(
        PUBLIC,
        byEngland ? '9.32' : '9.33',
        `${s.id} will not be received: ${byEngland ? 'England' : 'France'}'s prestige level is below -1.`,
      )
    }
  }
}

/** 1B / 10.5 / 10.51: reinforcements arrive; only Confederate-port and auxiliary arrivals are commissioned. */
function placeConfederateReinforcements(
  res: Resolution,
  arrivals: { ship: string; area: string; inPort: boolean }[],
): void {
  const { state, ctx } = res
  for (const a of arrivals) {
    const s = state.csa[a.ship]
    if (!s || s.status !== 'pending') continue
    const def = ctx.ship(a.ship)
    let area = a.area
    if (def.receivedIn === 'Parent') {
      const parent = Object.values(state.csa).find((p) => p.status === 'map' && a.ship.startsWith(`${p.id}-`))
      if (!parent) {
        s.status = 'cancelled'
        res.say(
          PUBLIC,
          '10.5',
          `${a.ship} cannot join its parent ship, which is not in play; it never enters (ruling R26).`,
        )
        continue
      }
      area = parent.area!
    }
    const portNat = a.inPort
      ? (ctx.area(area).ports.find((p) => p.nat === 'CSA' || p.nat === 'England' || p.nat === 'France')?.nat ??
        ctx.area(area).ports[0]?.nat ??
        null)
      : null
    Object.assign(s, {
      status: 'map',
      area,
      port: def.receivedIn === 'Parent' ? (state.csa[a.ship.split('-')[0]!]?.port ?? null) : portNat,
      commissioned: def.receivedIn === 'CSA' || def.receivedIn === 'Parent',
      arrivedTurn: state.turn,
    })
    s.knownToFederal = s.port !== null ? { turn: state.turn, area, port: s.port } : null
    res.say(
      s.port !== null ? PUBLIC : CSA,
      '10.5',
      `${a.ship} arrives in ${area}${s.port ? ` (in the ${s.port} port)` : ''}, ${s.commissioned ? 'commissioned' : 'uncommissioned'}.`,
    )
    if (def.arrivalRepairIn) forcedRepairMove(res, s, def.arrivalRepairIn)
  }
}

/**
 * 10.52 (ruling R-RAPP): the ship spends 1 MP at once to reach a port of the named nation next to
 * its arrival area, unsearched, and lies there repairing for the rest of the turn.
 */
function forcedRepairMove(res: Resolution, s: CsaShip, nat: string): void {
  const { ctx } = res
  const from = s.area!
  const to = [from, ...neighbours(ctx, from)].find(
    (a) => a !== from && ctx.area(a).ports.some((p) => p.nat === nat && p.repairRefit),
  )
  if (!to) return
  s.area = to
  s.port = nat
  reveal(res, s.id)
  res.say(
    PUBLIC,
    '10.52',
    `${s.id} must flee ${from}: it spends 1 MP to reach the ${nat} port in ${to}, unsearched, and repairs there for the rest of the turn.`,
    undefined,
    { at: to },
  )
}

/** 11.72: Semmes comes off the track onto a ship in port (the named one, or the fastest). */
function placeSemmes(res: Resolution): void {
  const { state, ctx } = res
  if (!state.semmes.onTrack || state.semmes.removed) return
  const inPort = Object.values(state.csa).filter((s) => s.status === 'map' && s.port !== null)
  if (!inPort.length) {
    res.say(CSA, '11.72', 'Semmes waits on the track: no Confederate ship is in port.')
    return
  }
  const named = inPort.find((s) => s.id === state.semmes.placeNext)
  const chosen =
    named ?? [...inPort].sort((a, b) => ctx.ship(b.id).ma - ctx.ship(a.id).ma || a.id.localeCompare(b.id))[0]!
  state.semmes.ship = chosen.id
  state.semmes.onTrack = false
  state.semmes.placeNext = null
  if (!state.semmes.shipsCommanded.includes(chosen.id)) state.semmes.shipsCommanded.push(chosen.id)
  res.say(CSA, '11.72', `Semmes takes command of ${chosen.id}${named ? '' : ' (the fastest ship in port: default)'}.`)
}

/** The end-of-turn step the rules leave implicit (digest 1.2). Returns true when the game is over. */
export function endTurn(res: Resolution, turns: Map<string, ShipTurn>): boolean {
  const { state, ctx } = res
  for (const [shipId, t] of turns) {
    const s = state.csa[shipId]!
    if (s.status !== 'map') continue
    const def = ctx.ship(shipId)
    const needsCoal = !t.wholeTurnInPort && !t.activity.acceptedBlockade && (def.coal ?? 0) > 0
    if (needsCoal && t.activity.coalings < (def.coal ?? 0)) coalingFailure(res, s, t.activity.coalings, def.coal ?? 0)
    if (t.wholeTurnInPort && (t.repair || t.refit)) completeYardWork(res, s, t)
    if (t.wholeTurnInPort) s.turnsInPort += 1
    else {
      s.turnsInPort = 0
      if (s.port === null) s.refitDuringStay = false
      if (!t.refit) s.turnsAtSea += 1
    }
    const period = def.refitPeriod ?? Infinity
    // 11.3 (ruling R11): at the end of the period's last turn the ship must lie in a port where it
    // can refit next turn; one turn later it must have refitted.
    const canRefitNext =
      s.port !== null && isPortRefitCapable(state, ctx, s.area!, s.port) && !refitForbiddenByOrigin(ctx, shipId, s.port)
    // The extra turn is spent wholly in port: without a refit in it the period has run out.
    const graceSpent = s.turnsAtSea >= period && t.wholeTurnInPort && !t.refit
    if (s.turnsAtSea > period || (s.turnsAtSea === period && !canRefitNext) || graceSpent) {
      removeConfederate(
        res,
        shipId,
        s.port !== null ? 'interned' : 'sunk',
        `its refit period of ${period} turns has run out (11.3)`,
      )
      continue
    }
    if (
      s.port !== null &&
      s.port !== 'refuge' &&
      s.turnsInPort > internmentLimit(ctx, s.area!, s.port, s.refitDuringStay)
    ) {
      removeConfederate(res, shipId, 'interned', `it has stayed ${s.turnsInPort} consecutive turns in port (11.41)`)
    } else if (s.port === 'refuge' && s.turnsInPort > ctx.pack.internment.other) {
      removeConfederate(res, shipId, 'interned', `it has stayed ${s.turnsInPort} consecutive turns in port (11.41)`)
    }
  }
  // 8.23: damaged Federal ships are repaired off the map at no availability cost.
  for (const u of Object.values(state.usa)) {
    if (u.damage > 0 && (u.loc === 'map' || u.loc === 'CSE')) {
      const left = (ctx.ship(u.id).availability ?? 0) - u.spent
      moveTo(u, left > 0 ? 'AP' : 'UP')
      res.say(
        PUBLIC,
        '8.23',
        `${u.id} is damaged, repaired and placed in the ${left > 0 ? 'Available' : 'Unavailable'} Pool.`,
      )
    }
  }
  state.vp.csa = Math.max(0, state.mmInitial - state.mm)
  // 11.3: warn of the refit periods that run out next turn or the turn after.
  for (const s of Object.values(state.csa)) {
    const w = refitWarning(state, ctx, s.id, state.turn + 1)
    if (w) res.say(CSA, '11.3', `WARNING: ${w}.`)
  }
  if (state.turn >= state.lastTurn) {
    finishGame(res)
    return true
  }
  return false
}

/** 11.52: too few coalings: this turn's raids are void and the ship may not raid until refitted. */
function coalingFailure(res: Resolution, s: CsaShip, had: number, needed: number): void {
  const { state } = res
  const his = (r: SdState['raidsThisTurn'][number]) => r.ship === s.id || !!r.members?.includes(s.id)
  const mine = state.raidsThisTurn.filter(his)
  const restored = mine.reduce((n, r) => n + r.loss, 0)
  state.mm += restored
  state.raidsThisTurn = state.raidsThisTurn.filter((r) => !his(r))
  s.cannotRaidUntilRefit = true
  res.say(
    CSA,
    '11.52',
    `${s.id} coaled ${had} time(s) of the ${needed} it needs: its raids are void and it may not raid until refitted.`,
  )
  if (restored > 0)
    res.say(
      PUBLIC,
      '11.52',
      `${restored} merchant-marine points are restored: a raider's captures are void for want of coal. Merchant marine now ${state.mm}.`,
    )
}

/** 8.22, 11.31, 9.22, 9.36: repair and refit after a whole turn in a capable port. */
function completeYardWork(res: Resolution, s: CsaShip, t: ShipTurn): void {
  const { state } = res
  const inEurope = s.port === 'England' || s.port === 'France'
  const adjust = () => {
    if (s.port === 'England') state.cpl.england -= 1
    if (s.port === 'France') state.cpl.france -= 1
  }
  if (t.repair) {
    s.damage = 0
    adjust()
    res.say(
      inEurope ? PUBLIC : CSA,
      inEurope ? '9.22' : '8.22',
      `${s.id} is repaired in ${s.area}${inEurope ? `; ${s.port}'s prestige level falls by 1` : ''}.`,
    )
  }
  if (t.refit) {
    if (res.ctx.ship(s.id).afterFirstRefit) s.refits = (s.refits ?? 0) + 1
    s.turnsAtSea = 0
    s.refitDuringStay = true
    s.cannotRaidUntilRefit = false
    adjust()
    res.say(
      inEurope ? PUBLIC : CSA,
      inEurope ? '9.22' : '11.31',
      `${s.id} completes a refit in ${s.area}${inEurope ? `; ${s.port}'s prestige level falls by 1` : ''}.`,
    )
  }
}

/** 12.11-12.15 and the scenario's victory table. */
function finishGame(res: Resolution): void {
  const { state, ctx } = res
  state.stage = 'finished'
  // 12.12: the Stonewall afloat in one of the named areas at the end.
  for (const s of Object.values(state.csa)) {
    if (!ctx.ship(s.id).stonewall || s.status !== 'map' || !ctx.pack.victoryPoints.stonewallAreas.includes(s.area!))
      continue
    state.vp.csa += ctx.pack.victoryPoints.stonewallAfloat
    res.say(
      PUBLIC,
      '12.12',
      `${s.id} is afloat in ${s.area} at the end: the Confederate player scores ${ctx.pack.victoryPoints.stonewallAfloat} VP.`,
    )
  }
  const difference = state.vp.csa - state.vp.usa
  const level =
    ctx.scenario.victory.find((v) => (v.min === null || difference >= v.min) && (v.max === null || difference <= v.max))
      ?.level ?? 'undetermined'
  state.result = { level, difference }
  res.say(
    PUBLIC,
    '12.15',
    `The game ends after GT${state.turn}. Confederate ${state.vp.csa} VP (merchant marine ${state.mmInitial} -> ${state.mm}), Federal ${state.vp.usa} VP: difference ${difference}, ${level}.`,
  )
}
