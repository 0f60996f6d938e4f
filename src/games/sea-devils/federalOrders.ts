// The Federal orders (10.4, 4.1, 11.1, 4.52, 7.2x, 6.3): deployment from the tracks, movement of
// the units, blockades and hunts, read into commands.
import type { ScriptLine } from '../../orders/script.ts'
import { isFree, isMarching, neighbours, type Ctx, type SdState } from './state.ts'
import { DEPLOY_TYPES } from './pack.ts'
import { europeBlockadeTargets, joinBlockadeBar } from './legality.ts'
import { idleFederals } from './warnings.ts'
import { type Collector, type SdCommand, areaSuggestion, policyLine } from './orderWords.ts'
import { echo, parseLine, type Vocabularies } from '../kit/grammar.ts'
import { FEDERAL_GRAMMAR, seaDevilsVocabularies } from './orderGrammar.ts'

const say = (form: string, args: Record<string, string | string[]>) => echo(FEDERAL_GRAMMAR, { form, args })

export function parseFederal(state: SdState, ctx: Ctx, lines: ScriptLine[], out: Collector, commands: SdCommand[]) {
  if (state.stage === 'opening') {
    out.errors.push({
      line: 0,
      text: '',
      message: `GT${state.turn}: the scenario's opening placement has not been resolved yet; orders open after it`,
    })
    return
  }
  if (state.stage === 'confederate-orders') {
    out.errors.push({
      line: 0,
      text: '',
      message: `GT${state.turn}: your deployment and movement are on file; the Confederate is now recording his activity`,
    })
    return
  }
  const reading = new FederalReading(state, ctx, out, commands)
  for (const l of lines) reading.line(l)
  reading.checkJoins()
  reading.checkDeployment()
}

/** Reads the Federal orders of one message into commands (see parseFederal). */
class FederalReading {
  readonly placementFixed: boolean
  readonly willDeploy: Set<string>
  readonly byType: Record<string, number> = {}
  readonly seenMove = new Set<string>()
  cseCount = 0
  readonly year: string
  /** 10.11: draws from the Unavailable Pool in this message, for the rotation and availability tests. */
  readonly drawnUP = new Map<string, number>()
  readonly upDraws: { id: string; line: ScriptLine }[] = []
  /** 7.24: where each ship ends Phase 3, for the blockades it would join. */
  readonly endArea = new Map<string, string | null>()
  readonly joins: { id: string; target: string; line: ScriptLine; echo: string }[] = []
  readonly vocabs: Vocabularies

  constructor(
    readonly state: SdState,
    readonly ctx: Ctx,
    readonly out: Collector,
    readonly commands: SdCommand[],
  ) {
    this.placementFixed = state.stage === 'both-orders'
    // In a turn whose placement the scenario fixed, every ship on the map is already deployed.
    this.willDeploy = new Set<string>(
      this.placementFixed
        ? Object.values(state.usa)
            .filter((u) => u.loc === 'map')
            .map((u) => u.id)
        : [],
    )
    this.year = String(ctx.year(state.turn))
    this.vocabs = seaDevilsVocabularies(ctx)
  }

  upCount(id: string): number {
    return this.state.usa[id]!.upUses + (this.drawnUP.get(id) ?? 0)
  }

  upShips(type: string): string[] {
    return Object.values(this.state.usa)
      .filter((o) => o.loc === 'UP' && this.ctx.ship(o.id).type === type)
      .map((o) => o.id)
  }

  pickFromUP(type: string): string | null {
    return (
      this.upShips(type)
        .filter((id) => !this.willDeploy.has(id))
        .sort((a, b) => this.upCount(a) - this.upCount(b) || a.localeCompare(b))[0] ?? null
    )
  }

  isFreePacificShip(u: SdState['usa'][string]): boolean {
    return this.ctx.ship(u.id).fleet === 'P' && u.area !== null && this.ctx.area(u.area).pacific
  }

  line(l: ScriptLine): void {
    const read = parseLine(FEDERAL_GRAMMAR, this.vocabs, l.text)
    if (!read.ok) return this.out.error(l, read.error.message, read.error.suggestion)
    const a = read.order.args
    const ship = a.ship as string
    switch (read.order.form) {
      case 'policy':
        return policyLine(l, a.policy as string, this.out, this.commands)
      case 'deploy':
      case 'deploy-up':
        return this.deploy(l, read.order.form === 'deploy-up', ship)
      case 'europe-blockade':
        return this.europeBlockade(l, ship, a.area as string)
      case 'move':
        return this.move(l, ship, a.path as string[])
      case 'cse':
        return this.cse(l, ship)
      case 'stack':
        return this.stack(l, a.ships as string[])
      default:
        return this.blockade(l, ship, a.target as string)
    }
  }

  /** DEPLOY / DEPLOY-UP (10.4, 10.11): a ship from the map, the Available or the Unavailable Pool. */
  deploy(l: ScriptLine, fromUP: boolean, written: string): void {
    if (this.placementFixed) {
      this.out.error(l, `GT${this.state.turn}: the scenario fixes this turn's placement (13.14); send movement only`)
      return
    }
    const byTypeName = fromUP && (DEPLOY_TYPES as readonly string[]).includes(written) ? written : null
    const id = byTypeName ? this.pickFromUP(byTypeName) : written
    if (!id) {
      if (byTypeName) this.out.error(l, `no ${byTypeName} ship in the Unavailable Pool may be taken now (10.11)`)
      return
    }
    const u = this.state.usa[id]!
    const def = this.ctx.ship(id)
    if (fromUP && u.loc !== 'UP') {
      this.out.error(l, `${id} is not in the Unavailable Pool`)
      return
    }
    if (fromUP) {
      // 10.11: no ship goes out of the UP a second time before every other of its type has gone as often.
      const uses = this.upCount(id)
      const behind = this.upShips(def.type).filter((o) => o !== id && this.upCount(o) < uses)
      if (behind.length) {
        this.out.error(
          l,
          `${id} has been taken from the Unavailable Pool ${uses} time(s); ${behind.join(', ')} must be taken first (10.11 rotation)`,
        )
        return
      }
    }
    const bar = this.deployBar(id, fromUP)
    if (bar) {
      this.out.error(l, bar)
      return
    }
    this.byType[def.type] = (this.byType[def.type] ?? 0) + 1
    const points = this.state.deployTrack[def.type as keyof SdState['deployTrack']] ?? 0
    if (this.byType[def.type]! > points) {
      this.out.error(l, `no ${def.type} deployment points left (track shows ${points}) (10.42)`)
      return
    }
    if (this.willDeploy.has(id)) {
      this.out.error(l, `${id} is already deployed`)
      return
    }
    this.willDeploy.add(id)
    if (fromUP) {
      this.drawnUP.set(id, (this.drawnUP.get(id) ?? 0) + 1)
      this.upDraws.push({ id, line: l })
    }
    this.commands.push({ kind: 'deploy', ship: id, fromUP, line: l.line })
    this.out.normalised.push(
      `${say(fromUP ? 'deploy-up' : 'deploy', { ship: id })} (${def.type}; ${u.loc === 'map' ? `stays in ${u.area}` : 'appears in C9'})`,
    )
  }

  /** Why a ship cannot be deployed at all (10.1, 11.2, 11.22, 11.62), or null. */
  deployBar(id: string, fromUP: boolean): string | null {
    const u = this.state.usa[id]!
    const def = this.ctx.ship(id)
    if (isFree(this.ctx, u) && !this.isFreePacificShip(u)) {
      return `${id} ${isMarching(this.ctx, u) ? 'marches to the Pacific at no cost (11.22)' : 'belongs to the Stonewall Pursuit Fleet and needs no deployment (11.62)'}`
    }
    if (!fromUP && u.loc !== 'map' && u.loc !== 'AP') {
      return `${id} is ${u.loc === 'UP' ? 'in the Unavailable Pool: use DEPLOY-UP (10.11)' : u.loc === 'pending' ? 'not yet arrived' : u.loc}`
    }
    if (
      def.fleet === 'P' &&
      u.area !== null &&
      this.ctx.area(u.area).pacific &&
      !(def.leavesPacificAfterRaid && this.state.pacificRaid)
    ) {
      return `${id} is a Pacific Fleet ship and needs no deployment while in the Pacific (11.2)`
    }
    if (!fromUP && (def.availability ?? 0) - u.spent <= 0) {
      return `${id} has no availability points left (10.1)`
    }
    return null
  }

  /** EUROPE-BLOCKADE <ship> IN <area> (6.3). */
  europeBlockade(l: ScriptLine, id: string, area: string): void {
    if (this.placementFixed) {
      this.out.error(l, `GT${this.state.turn}: no Confederate ship began this turn in Europe`)
      return
    }
    if (!this.ctx.area(area).european) {
      this.out.error(l, 'write EUROPE-BLOCKADE <ship> IN <C2|C5|C7|C8> (6.3)')
      return
    }
    if (!europeBlockadeTargets(this.state, this.ctx, area).length) {
      const arrivals = Object.values(this.state.csa).filter(
        (s) => s.status === 'map' && s.area === area && s.arrivedTurn === this.state.turn,
      )
      this.out.error(
        l,
        `no Confederate ship began GT${this.state.turn} in ${area}${arrivals.length ? ` (${arrivals.map((s) => s.id).join(', ')} arrived this turn and may not be blockaded by this rule)` : ''}: the declared blockade would find nothing (3.0 step 1C, 6.3)`,
      )
      return
    }
    this.commands.push({ kind: 'europe', ship: id, area, line: l.line })
    this.out.normalised.push(
      `${say('europe-blockade', { ship: id, area })} (declared to the Confederate before he records)`,
    )
  }

  /** MOVE <ship> <area>... (4.1, 10.4): a deployed ship, once, along adjacent areas within its MP. */
  move(l: ScriptLine, id: string, path: string[]): void {
    const u = this.state.usa[id]!
    const def = this.ctx.ship(id)
    if (isMarching(this.ctx, u)) {
      this.out.error(l, `${id} marches to the Pacific on its own at half speed (11.22); it takes no MOVE`)
      return
    }
    const free = isFree(this.ctx, u)
    if (!this.willDeploy.has(id) && !free) {
      this.out.error(
        l,
        `${id} is not deployed this turn; only deployed ships move (10.4)`,
        this.placementFixed ? undefined : `add DEPLOY ${id} above`,
      )
      return
    }
    if (this.seenMove.has(id)) {
      this.out.error(l, `${id} already has a MOVE line; give its whole path on one line`)
      return
    }
    let ok = this.pathOk(l, id, path)
    const allowance = def.ma - u.damage
    if (ok && path.length > allowance) {
      this.out.error(l, `${id} moves ${path.length} areas but has ${allowance} MP (4.13)`)
      ok = false
    }
    if (!ok) return
    this.seenMove.add(id)
    this.endArea.set(id, path.at(-1)!)
    this.commands.push({ kind: 'move', ship: id, path, line: l.line })
    this.out.normalised.push(`${say('move', { ship: id, path })} (${path.length}/${allowance} MP)`)
  }

  /** Each step of a path: a known area next to the last, and out of the Pacific only as 11.21 allows. */
  pathOk(l: ScriptLine, id: string, path: string[]): boolean {
    const u = this.state.usa[id]!
    const def = this.ctx.ship(id)
    let at = u.loc === 'map' ? u.area! : this.ctx.pack.mapRoles.eastCoast
    let ok = true
    for (const a of path) {
      if (!neighbours(this.ctx, at).includes(a)) {
        this.out.error(l, `${a} is not next to ${at}`, areaSuggestion(this.ctx, a, at))
        ok = false
        break
      }
      if (def.fleet === 'P' && this.ctx.area(at).pacific && !this.ctx.area(a).pacific) {
        const may = def.leavesPacificAfterRaid && this.state.pacificRaid
        // 11.21: leaving costs deployment and availability, so the ship must be deployed.
        if (!may || !this.willDeploy.has(id) || this.placementFixed) {
          this.out.error(
            l,
            `${id} may not leave the Pacific (11.21${def.leavesPacificAfterRaid ? (may ? ': deploy it first, since any part of a turn outside the Pacific costs deployment and availability' : ': only after a Confederate raid there') : ''})`,
          )
          ok = false
          break
        }
      }
      at = a
    }
    return ok
  }

  /** CSE <ship> (11.1): the California Steamer Escort, within the year's points. */
  cse(l: ScriptLine, id: string): void {
    if (!this.willDeploy.has(id) && this.ctx.ship(id).fleet !== 'S') {
      this.out.error(l, `${id} must be deployed to join the CSE box (11.1)`)
      return
    }
    const left = (this.ctx.pack.cse.perYear[this.year] ?? 0) - (this.state.cseUsed[this.year] ?? 0) - this.cseCount
    if (left <= 0) {
      this.out.error(l, `no CSE points left for ${this.year} (11.12)`)
      return
    }
    this.cseCount += 1
    this.endArea.set(id, null)
    this.commands.push({ kind: 'cse', ship: id, line: l.line })
    this.out.normalised.push(`${say('cse', { ship: id })} (1 of ${left} CSE points left in ${this.year})`)
  }

  /** STACK <ship>,<ship>... (4.52). */
  stack(l: ScriptLine, written: string[]): void {
    const ids = [...new Set(written)]
    if (ids.length < 2) {
      this.out.error(l, 'a squadron needs at least two ships (4.52)')
      return
    }
    this.commands.push({ kind: 'stack', ships: ids, line: l.line })
    this.out.normalised.push(`${say('stack', { ships: ids })} (a squadron if they end Phase 3 in one area)`)
  }

  /** BLOCKADE <Federal ship> <Confederate ship> (7.24). */
  blockade(l: ScriptLine, id: string, target: string): void {
    const echo = `${say('blockade', { ship: id, target })} (joins the blockade if ${target} lies blockaded in port where ${id} ends Phase 3)`
    this.joins.push({ id, target, line: l, echo })
    this.commands.push({ kind: 'blockade', ship: id, target, line: l.line })
    this.out.normalised.push(echo)
  }

  /** 7.24: a ship joins only a blockade that exists, where it ends its movement. */
  checkJoins(): void {
    for (const j of this.joins) {
      const u = this.state.usa[j.id]!
      const end = this.endArea.has(j.id)
        ? this.endArea.get(j.id)!
        : u.loc === 'map'
          ? u.area
          : this.willDeploy.has(j.id)
            ? this.ctx.pack.mapRoles.eastCoast
            : null
      const bar = joinBlockadeBar(this.state, j.target, end)
      if (!bar) continue
      this.out.error(j.line, `${j.id} cannot join a blockade of ${j.target}: ${bar.why} (${bar.rule})`)
      const i = this.commands.findIndex((c) => c.kind === 'blockade' && c.line === j.line.line)
      if (i >= 0) this.commands.splice(i, 1)
      this.withdrawEcho(j.echo)
    }
  }

  /** An order refused once the whole message is read is no longer echoed as understood. */
  withdrawEcho(echo: string): void {
    const i = this.out.normalised.indexOf(echo)
    if (i >= 0) this.out.normalised.splice(i, 1)
  }

  /** 10.44 and 10.11: ships left undeployed, and draws from the UP while another of the type was free. */
  checkDeployment(): void {
    // 10.44: say what the orders (or their absence) do to the ships on the map left undeployed.
    const idle = idleFederals(this.state, this.ctx, this.willDeploy)
    if (idle.length)
      this.out.warn(
        { line: 0, text: '' },
        `WARNING: not deployed this turn, so they leave the map for the Available Pool (10.44): ${idle.join(', ')}`,
      )
    // 10.11: a ship comes out of the UP only when no other ship of its type is available to deploy.
    for (const d of this.upDraws) {
      const type = this.ctx.ship(d.id).type
      const idle = Object.values(this.state.usa).filter(
        (o) =>
          (o.loc === 'map' || o.loc === 'AP') &&
          this.ctx.ship(o.id).type === type &&
          (this.ctx.ship(o.id).availability ?? 0) > o.spent &&
          !isFree(this.ctx, o) &&
          !this.willDeploy.has(o.id),
      )
      if (idle.length)
        this.out.error(
          d.line,
          `${d.id} may come from the Unavailable Pool only when no other ${type} ship is available; deploy ${idle.map((o) => o.id).join(', ')} first (10.11)`,
        )
    }
  }
}
