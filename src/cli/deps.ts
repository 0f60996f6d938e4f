// What the commands run on, loaded once a command is about to run (main.ts's preAction hook), so
// that `pbem --help` and a mistyped command start without the engine, the mail stack or zod.
export { openApp, readInbox, sendOutbox } from './app.ts'
export { locate, verifyDice, verifyGame } from '../engine/audit.ts'
export { inProgress, pendingDecision } from '../schedule/lifecycle.ts'
export { describeSchedule } from '../schedule/schedule.ts'
export { runTick, tickLines } from '../schedule/tick.ts'
export { verifyAll } from '../log/verify.ts'
export { rulesetFactory, rulesetIds } from '../games/index.ts'
export { checkServerSecret } from '../engine/secret.ts'
export { checkDeadlineHours } from '../engine/validate.ts'
export { exportGame, history, parseViewer, receiptStory } from '../reports/archive.ts'
export { pointOfTurn, readjudicate } from '../engine/readjudicate.ts'
export { exportServerSecret } from '../engine/secret.ts'
