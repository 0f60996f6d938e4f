// A seat the judge itself plays is written `house:<level>` where a player's address would be.
import { HOUSE_LEVELS, type HouseLevel } from '../games/contract.ts'

const SEAT = /^house:([a-z]+)$/

/** The level of a house seat's "address" (`house:standard`), or null for a person's address. */
export function houseLevel(address: string): HouseLevel | null {
  const m = SEAT.exec(address)
  return m && (HOUSE_LEVELS as readonly string[]).includes(m[1]!) ? (m[1] as HouseLevel) : null
}

export const isHouseSeat = (address: string): boolean => SEAT.test(address)

/** A letter to a house seat (its `to` is the seat, perhaps with a name before it). */
/**
 * Whether a reader is mailed at all: a house seat reads the game through its view, never by mail
 * (the outbox drops a letter to one), so its reports and their pictures are not drawn.
 */
export const mailed = (r: { address: string }): boolean => !isHouseSeat(r.address)

export const isHouseSeatLetter = (letter: { to: string }): boolean => /(^|<)house:[a-z]+>?$/.test(letter.to.trim())

/** A seat written `house:...` must name a level the judge has. */
export function checkHouseSeat(address: string): HouseLevel {
  const level = houseLevel(address)
  if (!level) throw new Error(`"${address}" is not a house seat: write house:${HOUSE_LEVELS.join(' or house:')}`)
  return level
}

/**
 * Who took a seat while `point` was open (between the result before it and its own), and whose
 * missed orders the standby house wrote, in words every reader may read: the house and its level,
 * or a new player, never an address.
 */
export function seatChangesDuring(events: readonly { type: string; data: unknown }[], point: number): string[] {
  const isResult = (e: { type: string; data: unknown }, p: number) =>
    e.type === 'TurnAdjudicated' && (e.data as { point: number }).point === p
  const from = point <= 1 ? 0 : events.findIndex((e) => isResult(e, point - 1)) + 1
  const to = events.findIndex((e) => isResult(e, point))
  if (from < 0 || to < 0) return []
  const notes: string[] = []
  for (const e of events.slice(from, to)) {
    if (e.type === 'StandbyPlayed') {
      const s = e.data as { role: string; level: string; label: string }
      notes.push(`The house (${s.level}) wrote the ${s.role} orders for ${s.label}: no orders by the deadline.`)
    }
    if (e.type !== 'PlayerReplaced') continue
    const r = e.data as { role: string; address: string; previousAddress: string | null }
    const now = houseLevel(r.address)
    const was = r.previousAddress ? houseLevel(r.previousAddress) : null
    if (now) notes.push(`${r.role} is now played by the house (${now}).`)
    else if (was) notes.push(`${r.role} is played by a person again; the house (${was}) left the seat.`)
  }
  return notes
}
