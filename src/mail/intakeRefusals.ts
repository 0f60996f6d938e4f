// What the intake answers a message it could not read at all (broken MIME, over the size limit, cut
// short in transit), and the bounds on what a mail record keeps (intakeDecision.ts).

/** Longest subject, sender or Message-ID the mail record keeps. */
export const MAX_RECORDED_FIELD = 500
/** Reading notes a record and a reply keep; the rest are counted. */
const MAX_NOTES = 20

export function boundNotes(notes: string[]): string[] {
  const kept = notes.slice(0, MAX_NOTES).map((n) => (n.length > 300 ? `${n.slice(0, 300)}...` : n))
  return notes.length > MAX_NOTES ? [...kept, `... and ${notes.length - MAX_NOTES} more notes like these`] : kept
}

export interface Refusal {
  outcome: 'unreadable' | 'refused'
  detail: string
  subject: string
  text: string
}

/** The refusal of a message nothing of which was read, or null when it can be read. */
export function unreadRefusal(
  read: { oversized: boolean; limit: number; unreadable: string | null; cutShort: string | null },
  size: number,
): Refusal | null {
  if (read.unreadable)
    return {
      outcome: 'unreadable',
      detail: read.unreadable,
      subject: 'Your message could not be read',
      text: `The judge could not read your message: ${read.unreadable}. Nothing of it is on file. Send your orders again as plain text in the body of a new mail.`,
    }
  if (read.oversized)
    return {
      outcome: 'refused',
      detail: `message of ${size} bytes is over the ${read.limit}-byte limit`,
      subject: 'Your message was too large',
      text: `Your message of ${Math.round(size / 1024)} KiB is larger than the judge accepts (${Math.round(read.limit / 1024)} KiB). Nothing of it is on file. Send your orders as plain text in the body of the mail, without attachments.`,
    }
  if (read.cutShort)
    return {
      outcome: 'refused',
      detail: `cut short: ${read.cutShort}`,
      subject: 'Your message arrived cut short',
      text: `Your message arrived incomplete (${read.cutShort}), so the judge did not read it: orders filed from part of a message could say something you did not mean. Nothing of it is on file; orders you sent earlier stand. Please send it again.`,
    }
  return null
}
