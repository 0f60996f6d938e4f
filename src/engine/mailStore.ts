// The engine's port onto the mail records of the log, for mail/ and the command line: the outbox
// and its claims, the stored mail parts, the intake's records, the IMAP checkpoints and leases. It
// re-exports, one by one, the repository functions of src/log/repos that mail may call, so mail
// never imports the log, writes SQL or asks which database it is on, and this list is the whole of
// what it may do there. Queuing mail and the intake's records take the synchronous handle
// (`Database`: they join the judge's transactions); the sending jobs and the IMAP bookkeeping take
// the async one (`AsyncDatabase`).
export type { AsyncDatabase, AsyncStep } from '../log/async/database.ts'
export type { SqlDatabase as Database } from '../log/sql.ts'
export {
  dropLease,
  findImapCheckpoint,
  findLease,
  type StoredImapCheckpoint,
  storeImapCheckpoint,
  takeLeaseUntil,
} from '../log/repos/imap.ts'
export {
  mailSeenBefore,
  mailSeenBeforeAsync,
  mailSeenStep,
  recordMailSeen,
  recordReply,
  repliesSince,
  repliesSinceAsync,
  replySteps,
  type SeenMail,
} from '../log/repos/intakeRecords.ts'
export { findMailPart, findMailParts, hasMailPart, mailPartStep, storeMailPart } from '../log/repos/mailParts.ts'
export { pruneSentRowsAsync } from '../log/repos/outboxPrune.ts'
export {
  clearSendStarted,
  findOutboxRow,
  findOutboxRowAsync,
  insertOutboxRow,
  type NewOutboxRow,
  noteSend,
  outboxRowStep,
  recordSends,
  type SendOutcome,
  sentTimesSince,
  stampSendsStarted,
} from '../log/repos/outbox.ts'
export {
  type ClaimedRow,
  claimDueRows,
  claimRowsInDoubt,
  confirmRowInDoubt,
  type DoubtRow,
  findRowsInDoubt,
  holdRowInDoubt,
  releaseRowInDoubt,
  renewRowClaims,
} from '../log/repos/outboxClaims.ts'
