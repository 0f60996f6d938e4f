// What the judge's job modules (asking, clockActions, creation, moderation, orderFiling,
// playerCalls, preview, reporting, resolving, seats) use of the judge. They import this type, not
// judge.ts, so judge.ts, which imports them, is not part of a circle of imports.
import type { GameRegistry, Viewer } from '../games/contract.ts'
import type { Letter, Templates } from '../reports/render.ts'
import type { AdjudicateOptions, AdjudicateResult, CallMeta, CallResult, JudgeOptions, Reader } from './calls.ts'
import type { TurnAdjudicated } from './events.ts'
import type { GameFold, SecretSource } from './gameFold.ts'

export interface JudgeContext {
  readonly o: JudgeOptions
  readonly templates: Templates
  readonly registry: GameRegistry
  readonly mailDomain: string
  readonly secrets: SecretSource
  readonly freshSecret: (game: string, purpose: 'dice' | 'hidden', point: number) => string
  readonly judgeAddress: string
  readonly fromAddress: string
  load(game: string, opts?: { check?: boolean }): GameFold
  loadAfter(game: string, point: number): GameFold | null
  replyAddress(game: string, role: string, key: string): string
  adjudicate(game: string, opts?: AdjudicateOptions): AdjudicateResult
  askOpeningQuestions(game: string, reports?: Letter[]): void
  answer(
    game: string,
    role: string,
    given: { decisionId: string; answer: string }[],
    meta?: CallMeta & { withOrders?: boolean },
  ): CallResult
  awaitingText(fold: GameFold, viewer?: Viewer): string
  when(fold: GameFold, iso: string | null, role?: string | null): string
  readers(fold: GameFold): Reader[]
  reportModel(
    fold: GameFold,
    viewer: Viewer,
    adjudication: TurnAdjudicated | readonly TurnAdjudicated[] | null,
  ): Record<string, unknown>
  reportLetters(fold: GameFold, adjudication: TurnAdjudicated | null): Letter[]
}
