// What makes a reader's copy of a game (his export, his archive, his history) safe to hand out: no
// key of anyone in it, not even inside a reply address or a link (the judge blanks them:
// Judge.keyScrubber), and no hash of the judge's chain (each one covers events he may not see, so it
// would let him test guesses about them).
import { canonicalJson, sha256Hex } from '../util/canonical.ts'

/** One event of a reader's copy: numbered in his copy, chained over what he sees. */
export interface ReaderEvent {
  n: number
  type: string
  recordedAt: string
  data: unknown
  prevHash: string
  hash: string
}

/**
 * Chains the reader's events by themselves: hash = sha256(prevHash + '\n' + canonical JSON of
 * {n, type, recordedAt, data}), the first prevHash empty. The judge's positions and hashes are left
 * out (a gap in the positions would count the hidden events between two he sees).
 */
export function readerChain(events: { type: string; recordedAt: string; data: unknown }[]): ReaderEvent[] {
  let prevHash = ''
  return events.map((e, i) => {
    const body = { n: i + 1, type: e.type, recordedAt: e.recordedAt, data: e.data }
    const hash = sha256Hex(`${prevHash}\n${canonicalJson(body)}`)
    const out = { ...body, prevHash, hash }
    prevHash = hash
    return out
  })
}
