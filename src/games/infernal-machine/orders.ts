// Infernal Machine orders (digest section 5, in the judge's own syntax): one line each. Campaign
// actions run in the order written; doctrine lines (ROUTE, CREW, TARGET, APPROACH, TACTIC, ...)
// stand until replaced; PACE and HALT set where the judge stops to ask (digest 5.6). Errors carry
// the line number and, for a misspelt word, the nearest valid one.
import type { LineError, Parsed } from '../contract.ts'
import { closest, readScript } from '../../orders/script.ts'
import { type ImCommand, type Known, list } from './commands.ts'
import { parseDoctrineLine } from './doctrineOrders.ts'
import { FORMS } from './orderForms.ts'
import type { ImPack } from './pack.ts'

export { HALT_KINDS } from './orderForms.ts'
export { type HaltKind, type ImCommand, type Known, list } from './commands.ts'

export const ACTION_KINDS = [
  'build',
  'relocate',
  'commission',
  'contract',
  'invest',
  'letter',
  'mission',
  'recruit',
  'military',
  'requisition',
  'salvage',
  'pass',
  'changesides',
]

const VERBS = [
  'INVESTOR',
  'BUILD',
  'RELOCATE',
  'COMMISSION',
  'CONTRACT',
  'INVEST',
  'LETTER',
  'MISSION',
  'RECRUIT',
  'SALVAGE',
  'REQUISITION',
  'PASS',
  'CHANGE',
  'CREW',
  'ROUTE',
  'TARGET',
  'APPROACH',
  'TACTIC',
  'CONCUSSION',
  'CUBES',
  'RESPONSE',
  'FATESMILES',
  'NAVCRANK',
  'ENDMISSION',
  'DOCTOR',
  'SENTIMENT',
  'REFILL',
  'LEAKS',
  'PACE',
  'SHIFT',
  'BENEFIT',
  'SLACK',
  'MARKERS',
  'HALT',
]

/**
 * Other words for an order. `ORDERS` (the digest's word for the crew's standing orders) is also
 * the judge's mail command that shows the orders on file, which wins when it opens a mail, so the
 * order is `CREW` and `ORDERS` is read as `CREW` on any later line.
 */
const SYNONYMS: Record<string, string> = { ORDERS: 'CREW' }

/** A receipt check against the game as it stands: why the order would be refused, or null. */
export type ReceiptCheck = (cmd: ImCommand, earlier: readonly ImCommand[]) => string | null

const ids = new WeakMap<ImPack, Map<string, string>>()

/** The pack's ids by their lower case: a persona, part, position or location named in any case. */
function idsOf(pack: ImPack): Map<string, string> {
  let m = ids.get(pack)
  if (!m) {
    const all = [
      ...pack.personae.keys(),
      ...pack.components.keys(),
      ...[...pack.boards.values()].flatMap((b) => b.positions.map((p) => p.id)),
      ...pack.campaign.locations.map((l) => l.id),
      ...pack.campaign.contracts.map((k) => k.id),
      ...pack.tactical.targets.map((t) => t.id),
    ]
    m = new Map(all.map((id) => [id.toLowerCase(), id]))
    ids.set(pack, m)
  }
  return m
}

const canonical = (pack: ImPack, args: string): string =>
  args
    .split(/([\s@=:,>]+)/)
    .map((t) => idsOf(pack).get(t.toLowerCase()) ?? t)
    .join('')

export function parseImOrders(pack: ImPack, text: string, check?: ReceiptCheck): Parsed<ImCommand> {
  const out: Parsed<ImCommand> = { commands: [], normalised: [], errors: [], warnings: [] }
  for (const l of readScript(text).lines) {
    const [verb = '', ...rest] = l.text.split(/\s+/)
    const V = SYNONYMS[verb.toUpperCase()] ?? verb.toUpperCase()
    const args = canonical(pack, rest.join(' '))
    const err = (message: string, suggestion?: string) =>
      out.errors.push({ line: l.line, text: l.text, message, ...(suggestion ? { suggestion } : {}) } as LineError)
    if (!VERBS.includes(V)) {
      err(`unknown order ${verb}; orders are ${VERBS.join(', ')}`, closest(V, VERBS, 1)[0])
      continue
    }
    const known = (what: string, id: string, ids: Iterable<string>): boolean => {
      const all = [...ids]
      if (all.includes(id)) return true
      err(`unknown ${what} ${id}`, closest(id, all, 1)[0])
      return false
    }
    const cmd = parseLine(V, args, pack, known)
    if (typeof cmd === 'string') {
      if (cmd) err(`${cmd}; write ${FORMS[V] ?? V}`)
      continue
    }
    const refused = check?.(cmd, out.commands)
    if (refused) {
      err(refused)
      continue
    }
    out.commands.push(cmd)
    out.normalised.push(`${V} ${args}`.trim())
  }
  return out
}

/** One line's command, or why it cannot be read ('' when `known` already said). */
function parseLine(V: string, args: string, pack: ImPack, known: Known): ImCommand | string {
  const words = args.split(/\s+/).filter(Boolean)
  const up = words.map((w) => w.toUpperCase())
  const personae = pack.personae.keys()
  switch (V) {
    case 'INVESTOR':
      return words.length === 1 && known('persona', words[0]!, personae)
        ? { kind: 'investor', id: words[0]! }
        : words.length === 1
          ? ''
          : 'name one investor'
    case 'BUILD':
      return parseBuild(words, up, pack, known)
    case 'RELOCATE':
      return words.length === 1 &&
        known(
          'location',
          words[0]!,
          pack.campaign.locations.map((x) => x.id),
        )
        ? { kind: 'relocate', to: words[0]! }
        : words.length === 1
          ? ''
          : 'name the location'
    case 'COMMISSION': {
      const m = /^(?:REROLL (\d+))? ?(?:PERSIST (CUBES|ACTION))?$/.exec(up.join(' '))
      const persist = (m?.[2]?.toLowerCase() ?? null) as 'cubes' | 'action' | null
      if (m && !Number.isSafeInteger(Number(m[1] ?? 0))) return `REROLL ${m[1]} is out of range`
      return m
        ? { kind: 'commission', budget: Number(m[1] ?? 0), persist }
        : 'only REROLL <budget> and PERSIST may follow'
    }
    case 'PASS':
      return { kind: 'pass' }
    case 'CHANGE':
      return up.join(' ') === 'SIDES' ? { kind: 'changesides' } : 'write CHANGE SIDES'
    case 'CONTRACT': {
      if (words.length !== 2) return 'name the contract and the personae'
      if (
        !known(
          'contract',
          words[0]!,
          pack.campaign.contracts.map((x) => x.id),
        )
      )
        return ''
      const who = list(words[1])
      for (const p of who) if (!known('persona', p, pack.personae.keys())) return ''
      return { kind: 'contract', id: words[0]!, personae: who }
    }
    case 'INVEST': {
      const stake = Number(words[0])
      if (!pack.campaign.investmentRules.stakes.includes(stake))
        return `the stake is one of ${pack.campaign.investmentRules.stakes.join(', ')}`
      if (words.length > 2 || (words[1] && up[1] !== 'SOLICITOR')) return 'only SOLICITOR may follow the stake'
      return { kind: 'invest', stake, solicitor: up[1] === 'SOLICITOR' }
    }
    default:
      return parseLaterLine(V, words, up, pack, known)
  }
}

/** Letters, missions, recruits, requisitions and salvage; else a doctrine line. */
function parseLaterLine(V: string, words: string[], up: string[], pack: ImPack, known: Known): ImCommand | string {
  const parts = () => pack.components.keys()
  switch (V) {
    case 'LETTER': {
      const m = /^(MARQUE|RECRUITMENT) PAY (\d+)(?: FOR (\S+))?(?: GREASE (\d+))?(?: PERSIST (CUBES|ACTION))?$/.exec(
        up.join(' '),
      )
      if (!m) return 'cannot read the letter'
      const table = m[1] === 'MARQUE' ? pack.campaign.letterOfMarque : pack.campaign.letterOfRecruitment
      if (!table.some((r) => r.paid === Number(m[2]))) return `pay one of ${table.map((r) => r.paid).join(', ')}`
      if (!Number.isSafeInteger(Number(m[4] ?? 0))) return `GREASE ${m[4]} is out of range`
      const persona = m[3] ? words[4]! : undefined
      if (persona && !known('persona', persona, pack.personae.keys())) return ''
      return {
        kind: 'letter',
        letter: m[1]!.toLowerCase() as 'marque' | 'recruitment',
        paid: Number(m[2]),
        grease: Number(m[4] ?? 0),
        persist: (m[5]?.toLowerCase() ?? null) as 'cubes' | 'action' | null,
        ...(persona ? { persona } : {}),
      }
    }
    case 'MISSION':
      return parseMission(words, up, pack, known)
    case 'RECRUIT': {
      if (up[0] === 'MILITARY') {
        const who = list(words[1])
        for (const p of who) if (!known('persona', p, pack.personae.keys())) return ''
        return who.length ? { kind: 'military', personae: who } : 'name the personae'
      }
      const deck = words[0]?.toLowerCase()
      if (deck !== 'journeyman' && deck !== 'mechanic' && deck !== 'sailor')
        return 'choose JOURNEYMAN, MECHANIC or SAILOR'
      if (words.length > 1 && up[1] !== 'KEEP') return 'only KEEP may follow the deck'
      const keep = up[2] === 'ALL' || words.length === 1 ? 'all' : list(words[2])
      if (keep !== 'all') for (const p of keep) if (!known('persona', p, pack.personae.keys())) return ''
      return { kind: 'recruit', deck, keep }
    }
    case 'REQUISITION': {
      const p = up.indexOf('PERSIST')
      const persist = p < 0 ? null : up[p + 1] === 'CUBES' ? 'cubes' : up[p + 1] === 'ACTION' ? 'action' : undefined
      if (persist === undefined || (p >= 0 && p + 2 !== up.length)) return 'PERSIST CUBES|ACTION comes last'
      const rest = p < 0 ? words : words.slice(0, p)
      const at = up.indexOf('GREASE')
      const ids = at < 0 ? rest : rest.slice(0, at)
      for (const id of ids) if (!known('part', id, parts())) return ''
      const grease = at < 0 ? 0 : Number(rest[at + 1])
      return ids.length && Number.isSafeInteger(grease)
        ? { kind: 'requisition', parts: ids, grease, persist }
        : 'name the parts'
    }
    case 'SALVAGE': {
      const roll = up[0] === 'ROLL'
      if (up[roll ? 1 : 0] !== 'KEEP') return 'write the parts to keep'
      const keep = list(words[roll ? 2 : 1])
      for (const p of keep) if (!known('part', p, parts())) return ''
      return { kind: 'salvage', keep, roll }
    }
    default:
      return parseDoctrineLine(V, words, up, pack, known)
  }
}

/** BUILD: new parts first; after MOVE, parts aboard put on another tile; after SELL, parts recycled. */
function parseBuild(words: string[], up: string[], pack: ImPack, known: Known): ImCommand | string {
  const parts = () => pack.components.keys()
  // New parts first; after MOVE, parts aboard put on another tile; after SELL, parts recycled.
  const group: Record<'ADD' | 'MOVE' | 'SELL', string[]> = { ADD: [], MOVE: [], SELL: [] }
  let mode: keyof typeof group = 'ADD'
  for (const [k, w] of words.entries())
    if (up[k] === 'MOVE' || up[k] === 'SELL') mode = up[k] as 'MOVE' | 'SELL'
    else group[mode].push(w)
  const tiles: string[] = []
  const placed: [string, number][] = []
  const move: [string, number][] = []
  for (const w of Object.values(group).flat()) if (!known('part', w.split('@')[0]!, parts())) return ''
  for (const w of [...group.ADD, ...group.MOVE]) {
    const [id, at] = w.split('@')
    if (at === undefined && group.MOVE.includes(w)) return `${w}: MOVE names the new tile, <part>@<tile>`
    if (at === undefined) tiles.push(id!)
    else if (!/^\d{1,2}$/.test(at)) return `${w}: the tile number after @ is a small number, 0 for the prow`
    else (group.MOVE.includes(w) ? move : placed).push([id!, Number(at)])
  }
  const badSale = group.SELL.find((w) => w.includes('@') && !/@\d{1,2}$/.test(w))
  if (badSale) return `${badSale}: SELL <part> or SELL <part>@<tile>, the tile a small number`
  return tiles.length + placed.length + move.length + group.SELL.length
    ? { kind: 'build', tiles, parts: placed, sell: group.SELL, ...(move.length ? { move } : {}) }
    : 'name the parts'
}

/** MISSION TRAINING|ROLL FROM <position> CREW <persona>@<tile>,... */
function parseMission(words: string[], up: string[], pack: ImPack, known: Known): ImCommand | string {
  const m = /^(TRAINING|ROLL) FROM (\S+) CREW (\S+)$/.exec(up.join(' '))
  if (!m) return 'cannot read the mission'
  const launch = words[2]!
  const positions = [...pack.boards.values()].flatMap((b) => b.positions.map((p) => p.id))
  if (!known('position', launch, positions)) return ''
  const crew: [string, number][] = []
  for (const c of list(words[4])) {
    const [id, at] = c.split('@')
    if (!known('persona', id!, pack.personae.keys())) return ''
    if (!/^\d{1,2}$/.test(at ?? '')) return `${c}: give the tile number after @, 0 for the prow`
    crew.push([id!, Number(at)])
  }
  return { kind: 'mission', training: m[1] === 'TRAINING', launch, crew }
}
