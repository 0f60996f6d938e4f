// What the commands run on, loaded once a command is about to run (main.ts's preAction hook), so
// that `pbem --help` and a mistyped command start without the engine, the mail stack or zod.
export { defaultDataDir, openAppAsync, readInbox, sendOutbox, tickJobs } from './app.ts'
export { createGameBatched } from '../engine/creationBatch.ts'
export {
  adjudicateGame,
  decideFor,
  extendGame,
  pauseGame,
  previewGame,
  readjudicateGame,
  resumeGame,
  setGameDeadline,
  setGameSchedule,
  setGameSetting,
  setGameStandby,
} from './moderatorActions.ts'
export {
  ejectPlayer,
  rekeyPlayer,
  replacePlayer,
  revokeView,
  setPlayerAbsence,
  setZone,
  viewTokens,
} from './playerActions.ts'
export { existsSync } from 'node:fs'
export { join, resolve } from 'node:path'
export { verifyDice } from '../engine/audit.ts'
export { inProgress, pendingDecision } from '../engine/clock/lifecycle.ts'
export { describeSchedule } from '../engine/clock/schedule.ts'
export { verifyAllAsync } from '../engine/database.ts'
export { checkClockAhead } from '../engine/clockCheck.ts'
export { rulesetFactory, rulesetIds } from '../games/index.ts'
export { checkServerSecretAhead } from '../engine/secret.ts'
export { gamesAhead, onDryRun, onReadingJudge, streamAhead } from '../engine/readingJudge.ts'
export { locateAhead, verifyGameAhead } from '../engine/verifyAhead.ts'
export { checkDeadlineHours } from '../engine/validate.ts'
export { exportGame, history, parseViewer, receiptStory } from '../reports/archive.ts'
export { exportServerSecretAhead } from '../engine/secretAhead.ts'
export { readText } from '../mail/reading.ts'
export { catalogueLines, checkedOptions, checkedRuleset, checkedScenario } from './catalogue.ts'
export { checkLines, checkOrders } from '../mail/orderCheck.ts'
