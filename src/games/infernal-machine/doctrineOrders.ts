// Doctrine lines (digest 5.4-5.6): what stands until replaced. Crew orders, the route, targets,
// the attack run, responses, set-up choices, the pace and the halt points.
import type { Order } from './boat.ts'
import type { PartKind } from './fishboatPack.ts'
import { HALT_KINDS } from './orderForms.ts'
import { type HaltKind, type ImCommand, type Known, list } from './commands.ts'
import type { ImPack } from './pack.ts'

/** One doctrine line's command, or why it cannot be read ('' when `known` already said). */
export function parseDoctrineLine(
  V: string,
  words: string[],
  up: string[],
  pack: ImPack,
  known: Known,
): ImCommand | string {
  return missionLine(V, words, up, pack, known) ?? campaignLine(V, words, up, pack, known) ?? 'not understood'
}

/** The mission's standing orders: the crew, the route, targets and the attack run. */
function missionLine(V: string, words: string[], up: string[], pack: ImPack, known: Known): ImCommand | string | null {
  switch (V) {
    case 'CREW': {
      const orders: Record<string, Order> = {}
      for (const w of words) {
        const m = /^([^=]+)=(STEER|LEAK|MECH:(\S+)|REPAIR:(\S+))$/i.exec(w)
        if (!m) return `cannot read ${w}`
        if (!known('persona', m[1]!, pack.personae.keys())) return ''
        const what = m[2]!.toUpperCase()
        const mech = (m[3] ?? m[4]) as PartKind | undefined
        orders[m[1]!] =
          what === 'STEER'
            ? { kind: 'steer' }
            : what === 'LEAK'
              ? { kind: 'leakControl' }
              : what.startsWith('MECH')
                ? { kind: 'mech', mechanism: mech! }
                : { kind: 'repair', target: mech! }
      }
      return { kind: 'orders', orders }
    }
    case 'ROUTE': {
      const positions = [...pack.boards.values()].flatMap((b) => b.positions.map((p) => p.id))
      const steps: { to: string; elevation?: number }[] = []
      for (const w of words.filter((x) => x !== '>')) {
        const [to, e] = w.split('@')
        if (!known('position', to!, positions)) return ''
        if (e !== undefined && !/^[0-4]$/.test(e)) return `${w}: elevation is 0 (surface) to 4 (below deeper)`
        steps.push(e === undefined ? { to: to! } : { to: to!, elevation: Number(e) })
      }
      return steps.length ? { kind: 'route', steps } : 'name the positions'
    }
    case 'TARGET': {
      if (up[0] === 'NONE') return { kind: 'target', markers: [] }
      if (up.length === 1 && up[0] === 'PASSAGE') return { kind: 'target', markers: ['passage'] }
      for (const w of words)
        if (
          !known(
            'target',
            w,
            pack.tactical.targets.map((t) => t.id),
          )
        )
          return ''
      return words.length ? { kind: 'target', markers: words } : 'name the targets'
    }
    case 'APPROACH': {
      const c = words[0]?.toLowerCase()
      return c === 'best' || c === 'easy' || c === 'full' || c === 'full+' || c === 'strain'
        ? { kind: 'approach', crank: c }
        : 'unknown approach'
    }
    case 'TACTIC': {
      const m = /^DETONATE-AT (NEAR|CONTACT|OTHERSIDE)(?: EXIT-IF-HITS (\d))?$/.exec(up.join(' '))
      if (!m) return 'cannot read the tactic'
      const zone = m[1] === 'OTHERSIDE' ? 'otherSide' : (m[1]!.toLowerCase() as 'near' | 'contact')
      return { kind: 'tactic', detonateAt: zone, exitIfHits: m[2] ? Number(m[2]) : 9 }
    }
    case 'CONCUSSION': {
      const c = words[0]?.toLowerCase()
      return c === 'easy' || c === 'full' || c === 'strain' ? { kind: 'concussion', crank: c } : 'unknown crank'
    }
    case 'RESPONSE':
      return up[0] === 'AUTO' || up[0] === 'NEVER' ? { kind: 'response', reroll: up[0] === 'AUTO' } : 'AUTO or NEVER'
    case 'CUBES': {
      // The player stops drawing concussion cubes when he likes (p.7): at the value (SAFE), at a
      // total of his own, or after so many Red cubes.
      const m = /^STOP AT (SAFE|\d{1,2})(?: OR ([1-9]) RED)?$/.exec(up.join(' '))
      if (!m) return 'cannot read the stop'
      return { kind: 'cubes', at: m[1] === 'SAFE' ? 'safe' : Number(m[1]), ...(m[2] ? { red: Number(m[2]) } : {}) }
    }
    case 'FATESMILES':
      return up[0] === 'NEVER'
        ? { kind: 'fatesmiles', hits: 99 }
        : /^[1-3]$/.test(up[0] ?? '')
          ? { kind: 'fatesmiles', hits: Number(up[0]) }
          : 'a number of hits, 1 to 3'
    case 'NAVCRANK':
      return up[0] === 'AUTO' || up[0] === 'EASY' ? { kind: 'navcrank', auto: up[0] === 'AUTO' } : 'AUTO or EASY'
    case 'ENDMISSION':
      return up[0] === 'HOME' || up[0] === 'NEVER' ? { kind: 'endmission', home: up[0] === 'HOME' } : 'HOME or NEVER'
  }
  return null
}

/** Set-up, the season's end, the pace and the halt points. */
function campaignLine(V: string, words: string[], up: string[], pack: ImPack, known: Known): ImCommand | string | null {
  switch (V) {
    case 'DOCTOR':
      return up[0] === 'ALL' || up[0] === 'NONE' ? { kind: 'doctor', all: up[0] === 'ALL' } : 'ALL or NONE'
    case 'SENTIMENT':
      return up[0] === 'RED' || up[0] === 'INVESTOR'
        ? { kind: 'sentiment', pick: up[0] === 'RED' ? 'red' : 'investor' }
        : 'RED or INVESTOR'
    case 'REFILL': {
      if (up[0] === 'AUTO' || up[0] === 'NONE') return { kind: 'refill', pick: up[0] === 'AUTO' ? 'auto' : 'none' }
      const personae = list(words.join(' '))
      if (!personae.length) return 'AUTO, NONE or the personae to put on a Contract, first choice first'
      for (const p of personae) if (!known('persona', p, pack.personae.keys())) return ''
      return { kind: 'refill', pick: personae }
    }
    case 'LEAKS': {
      if (up[0] === 'AUTO' && up.length === 1) return { kind: 'leaks', tiles: 'auto' }
      const tiles = list(words.join(' '))
      if (!tiles.length || tiles.some((t) => !/^\d{1,2}$/.test(t)))
        return 'AUTO or the tile numbers, first choice first'
      return { kind: 'leaks', tiles: tiles.map(Number) }
    }
    case 'PACE':
      return up[0] === 'MISSION' || up[0] === 'STEP'
        ? { kind: 'pace', pace: up[0] === 'MISSION' ? 'mission' : 'step' }
        : 'MISSION or STEP'
    case 'SHIFT': {
      // One step along bright-dim-inky or strong-weak-calm, for 2 Red (p.16).
      const m = /^(VISIBILITY|DRIFT|DIRECTION) IF (\S+) TO (\S+)(?: PAY (RED|ACTION))?$/.exec(up.join(' '))
      const steps =
        m?.[1] === 'VISIBILITY'
          ? ['BRIGHT', 'DIM', 'INKY']
          : m?.[1] === 'DIRECTION'
            ? ['EBB', 'FLOOD']
            : ['STRONG', 'WEAK', 'CALM']
      const gap = m ? steps.indexOf(m[3]!) - steps.indexOf(m[2]!) : 0
      if (!m || steps.indexOf(m[2]!) < 0 || Math.abs(gap) !== 1)
        return 'shift one step: VISIBILITY IF BRIGHT TO DIM, DRIFT IF STRONG TO WEAK, DIRECTION IF EBB TO FLOOD'
      const pay = m[4] === 'ACTION' ? 'action' : 'red'
      return {
        kind: 'shift',
        condition: m[1]!.toLowerCase(),
        from: m[2]!.toLowerCase(),
        dir: gap > 0 ? 'down' : 'up',
        pay,
      }
    }
    case 'BENEFIT': {
      const m = /^(BLACK|STRENGTH|OPERATOR:\S+|TEAMWORK:\S+)$/.exec(up.join(' '))
      if (!m) return 'BLACK, STRENGTH, OPERATOR:<persona> or TEAMWORK:<persona>'
      const [kind, who] = words[0]!.split(':')
      if (who && !known('persona', who, pack.personae.keys())) return ''
      return { kind: 'benefit', benefit: who ? `${kind!.toLowerCase()}:${who}` : kind!.toLowerCase() }
    }
    case 'MARKERS': {
      const marker = up[0] === 'FATIGUE' ? 'fatigue' : up[0] === 'PANIC' ? 'panic' : null
      if (!marker) return 'name FATIGUE or PANIC'
      const personae = list(words.slice(1).join(' '))
      if (!personae.length) return 'name the crewmen, first to take the marker first'
      for (const p of personae) if (!known('persona', p, pack.personae.keys())) return ''
      return { kind: 'markers', marker, personae }
    }
    case 'SLACK':
      return /^[1-9]\d?$/.test(up[0] ?? '') ? { kind: 'slack', depth: Number(up[0]) } : 'a depth in the deck, 1 to 25'
    case 'HALT': {
      if (up[0] === 'NONE') return { kind: 'halt', points: [] }
      const points = list(words.join(',')).map((p) => p.toLowerCase())
      for (const p of points) if (!known('halt point', p, HALT_KINDS)) return ''
      return points.length ? { kind: 'halt', points: points as HaltKind[] } : 'name the halt points'
    }
  }
  return null
}
