// Verifiable dice (DESIGN.md section 5). The judge commits to a secret before the orders are in,
// players may mix in salts, and every roll can be recomputed once the secret is revealed:
//   roll i = first unbiased draw from HMAC-SHA256(secret, "game|point|i|label|salt")
// read as big-endian 32-bit words; a word w is accepted when w < floor(2^32 / sides) * sides and
// gives 1 + (w mod sides). If all eight words of a block are rejected, the next block is
// HMAC-SHA256(secret, message + "|" + block) for block = 1, 2, ...
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Audience, Dice, RollRecord } from '../games/contract.ts'

export const DICE_ALGORITHM = 'hmac-sha256-rejection-v1'

export function newSecret(): string {
  return randomBytes(32).toString('hex')
}

export function commitmentOf(secretHex: string): string {
  return createHash('sha256').update(Buffer.from(secretHex, 'hex')).digest('hex')
}

/** Salts from every player, order-independent, so no one player's choice of position matters. */
export function combineSalts(salts: string[]): string {
  return [...salts].sort().join(',')
}

export function rollMessage(game: string, point: number, index: number, label: string, salt: string): string {
  return `${game}|${point}|${index}|${label}|${salt}`
}

export function deriveRoll(secretHex: string, message: string, sides: number): number {
  if (!Number.isInteger(sides) || sides < 2 || sides > 1_000_000) throw new Error(`bad die size ${sides}`)
  const key = Buffer.from(secretHex, 'hex')
  const limit = Math.floor(0x1_0000_0000 / sides) * sides
  for (let block = 0; block < 64; block++) {
    const digest = createHmac('sha256', key)
      .update(block === 0 ? message : `${message}|${block}`)
      .digest()
    for (let off = 0; off < 32; off += 4) {
      const word = digest.readUInt32BE(off)
      if (word < limit) return 1 + (word % sides)
    }
  }
  throw new Error('dice: no acceptable word in 64 blocks')
}

/** The dice a ruleset sees for one adjudication point; it records every roll it hands out. */
export class RecordingDice implements Dice {
  readonly rolls: RollRecord[] = []
  constructor(
    private readonly secretHex: string,
    private readonly game: string,
    private readonly point: number,
    private readonly salt: string,
  ) {}

  roll(label: string, sides: number, audience: Audience): number {
    const index = this.rolls.length
    const value = deriveRoll(this.secretHex, rollMessage(this.game, this.point, index, label, this.salt), sides)
    this.rolls.push({ index, label, sides, value, audience })
    return value
  }
}

/** Recomputes a recorded point's rolls; returns the first mismatch or null when all agree. */
export function verifyRolls(
  secretHex: string,
  commitment: string,
  game: string,
  point: number,
  salt: string,
  rolls: Pick<RollRecord, 'index' | 'label' | 'sides' | 'value'>[],
): string | null {
  if (commitmentOf(secretHex) !== commitment) return 'the revealed secret does not match the published commitment'
  for (const r of rolls) {
    const expected = deriveRoll(secretHex, rollMessage(game, point, r.index, r.label, salt), r.sides)
    if (expected !== r.value)
      return `roll ${r.index} (${r.label}, d${r.sides}) recorded ${r.value} but recomputes to ${expected}`
  }
  return null
}

/** Dice that replay fixed values, for rules tests ("given these rolls ..."). */
export class FixedDice implements Dice {
  readonly rolls: RollRecord[] = []
  constructor(private readonly values: number[]) {}
  roll(label: string, sides: number, audience: Audience): number {
    const value = this.values[this.rolls.length]
    if (value === undefined) throw new Error(`FixedDice ran out at roll ${this.rolls.length} (${label})`)
    if (value < 1 || value > sides) throw new Error(`FixedDice value ${value} is not a d${sides} face (${label})`)
    this.rolls.push({ index: this.rolls.length, label, sides, value, audience })
    return value
  }
}
