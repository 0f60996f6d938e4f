// TypeScript shapes of the game events; `events/*.schema.json` is the validated public contract.
import type { Audience, LineError, NarrativeEntry, RollRecord } from '../games/contract.ts'

export const gameStream = (game: string) => `game:${game}`
export const MAIL_STREAM = 'system:mail'

export interface GameCreated {
  game: string
  ruleset: string
  rulesetVersion: string
  scenario: string
  options: Record<string, string | number | boolean>
  packId: string
  packHash: string
  pack: unknown
  createdBy: string
  zone: string
  deadlineHours: number
}

export interface PlayerJoined {
  role: string
  address: string
  name: string
  keyHash: string
  keyGeneration: number
}

export interface OrdersAccepted {
  receipt: string
  role: string
  point: number
  turn: number
  commands: unknown[]
  normalised: string[]
  warnings: LineError[]
  textHash: string
  messageId: string | null
  from: string | null
  salt: string | null
  replaces: string | null
  authenticatedBy?: string
}

export interface OrdersRejected {
  receipt: string
  role: string | null
  point: number
  errors: LineError[]
  textHash: string
  messageId: string | null
  from: string | null
}

export interface TurnAdjudicated {
  point: number
  turn: number
  label: string
  rulesetVersion: string
  inputs: Record<string, string>
  decisionAnswers: Record<string, string>
  secret: string
  commitment: string
  salt: string
  rolls: RollRecord[]
  narrative: NarrativeEntry[]
  stateHash: string
  finished: boolean
}

export interface DiceCommitted {
  point: number
  commitment: string
  algorithm: string
}

export interface DeadlineSet {
  point: number
  deadline: string
  zone: string
  reason?: string
}

export type { Audience }
