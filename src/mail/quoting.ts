// The line rules that tell quoted text, reply and forward headers, signatures and taglines from a
// player's own lines, and what email-reply-parser makes of each line (reading.ts weighs both).
import EmailReplyParser from 'email-reply-parser'

/** Lines handed to the reply parser are cut to this length (its regexes backtrack on long lines). */
const MAX_LIB_LINE = 1000
/**
 * The reply parser sees this much of a text at most: its cost grows with the square of the lines it
 * is given (some of its regexes scan the whole text per line), 4 s for 16,000 blank lines. Quotes
 * it would find further down are still caught by the judge's own rules (`>` lines, reply headers).
 */
const MAX_LIB_CHARS = 32 * 1024
const MAX_LIB_LINES = 1500

// ------------------------------------------------------------------------------ line rules

export const SIGNATURE = /^(--|-- |__+|—+)\s*$/
/** Lines that separate, not sign: the reply parser takes `---`, `====`, `++++` for a signature. */
export const SEPARATOR = /^\s*(-{3,}|={2,}|\+{2,}|\*{3,}|~{3,}|#{3,})\s*$/
export const END_MARKER = /^\s*(END|ENDORDERS|END ORDERS)\s*$/i
export const GT = /^\s*>/
export const GAME_LINE = /^\s*GAME\s+\S+/i
export const ENVELOPE_LINE = /^\s*(KEY|SALT)\s+\S+/i

/** Provider and client taglines (English and the languages the reply parser knows, and more). */
export const TAGLINE = new RegExp(
  '^\\s*(' +
    [
      'Sent from (my|Yahoo|Mail for|Outlook|the .{1,30} app|AOL|Samsung|Proton|BlackBerry|Zoho)',
      'Sent (with|via|using) ',
      'Get Outlook for ',
      'Download Outlook for ',
      'Von meinem .{1,40} gesendet',
      'Gesendet (von|mit) ',
      'Envoy[ée] (de|depuis|à partir de) ',
      'T[ée]l[ée]charger Outlook pour ',
      'Enviado (desde|do|de) ',
      'Inviato da ',
      'Verzonden (vanaf|met) ',
      'Verstuurd vanaf ',
      'Skickat fr[åa]n ',
      'Sendt fra ',
      'Wys[łl]ane z ',
      'Yahoo Mail: ',
    ].join('|') +
    ')',
  'i',
)

/** Closing words that start a signature when only a few short lines follow them. */
export const SALUTATION =
  /^\s*(regards|best regards|kind regards|warm regards|many regards|cheers|best|best wishes|all the best|thanks|many thanks|thank you|thx|yours|yours truly|sincerely|mit freundlichen gr(ü|ue)(ß|ss)en|viele gr(ü|ue)(ß|ss)e|gr(ü|ue)(ß|ss)e|gru(ß|ss)|cordialement|bien (à|a) vous|saludos|un saluto|cordiali saluti|met vriendelijke groet|groeten)\s*[,.!]*\s*$/i

/** Opening words of a letter ("Hi,", "Dear judge,"): never orders when nothing was read yet. */
export const GREETING =
  /^\s*(hi|hello|hey|dear|good (morning|afternoon|evening|day)|greetings|hallo|moin|servus|bonjour|salut|hola|buongiorno|ciao|hej)\b[^:#]{0,40}[,!.]?\s*$/iu

/**
 * A bare signature name ("Bob", "Jefferson Davis", "J. Smith"): one to three capitalised words of
 * letters, no digits or punctuation an order uses. Read as a signature only as the last block of a
 * text, after a blank line (reading.ts).
 */
export const BARE_NAME =
  /^\s*(\p{Lu}\.|\p{Lu}\p{Ll}+(['’-]\p{L}+)*\.?)(\s+(\p{Lu}\.|\p{Lu}\p{Ll}+(['’-]\p{L}+)*\.?)){0,2}\s*$/u

/** The first line of an attribution ("On <date>, <name> wrote:") in many clients and languages. */
const ATTRIBUTION_START =
  /^\s*(On|Am|Le|El|Op|Il|Em|Den|Dne|W dniu|Dnia|Il giorno|Pada|Na|\d{1,4}[./-]\d{1,2}[./-]\d{1,4})\b/i
const ATTRIBUTION_END =
  /\b(wrote|writes|schrieb|a [ée]crit|escribi[óo]|schreef|ha scritto|scrisse|escreveu|skrev|napisa[łl]\S*|pisze|kirjoitti|napsal|написал\S*|yazd[ıi])\s*:?\s*$/i
/** "Name <address> wrote:" with no date in front, or "Name <address> schrieb am <date>:". */
const ATTRIBUTION_SHORT =
  /^\s*[^\s>].{0,200}\b(wrote|schrieb|a [ée]crit|escribi[óo]|schreef|ha scritto|escreveu|skrev)\s*:\s*$/i
const ATTRIBUTION_MID =
  /^\s*[^\s>].{0,200}(@|\d).{0,100}\b(wrote|schrieb|a [ée]crit|escribi[óo]|schreef|ha scritto|escreveu|skrev)\b.{0,80}:\s*$/i
const ORIGINAL_MESSAGE =
  /^\s*-{2,}\s*(Original Message|Urspr[üu]ngliche Nachricht|Message d'origine|Mensaje original|Messaggio originale|Oorspronkelijk bericht|Originalmeddelande|Opprinnelig melding|Oprindelig meddelelse|Mensagem original|Alkuper[äa]inen viesti|Wiadomo[śs][ćc] oryginalna)\s*-{2,}\s*$/i
const FORWARD_MARKER =
  /^\s*(-{2,}\s*(Forwarded message|Forwarded Message|Weitergeleitete Nachricht|Message transf[ée]r[ée]|Mensaje reenviado|Messaggio inoltrato|Doorgestuurd bericht)\s*-{2,}|Begin forwarded message:?)\s*$/i
const HEADER_FROM = /^\s*\*?(From|Von|De|Da|Van|Fra|Fr[åa]n|Od|L[äa]hett[äa]j[äa])\s*:\*?\s*\S/i
const HEADER_NEXT =
  /^\s*\*?(Sent|Date|Gesendet|Datum|Envoy[ée]|Enviado|Fecha|Inviato|Data|Verzonden|Skickat|Sendt|Wys[łl]ano|L[äa]hetetty|To|An|[ÀA]|Para|Aan|Till|Til|Do|Subject|Betreff|Objet|Asunto|Oggetto|Onderwerp|[ÄA]mne|Emne|Temat|Cc)\s*:\*?/i
const RULE_LINE = /^\s*(_{10,}|-{10,}|—{5,})\s*$/

interface Header {
  /** first line of the header */
  at: number
  /** lines the header itself spans */
  span: number
  /** 'gt': the quote below is marked with `>`; 'block': everything below is the quoted message */
  style: 'gt' | 'block'
  kind: 'attribution' | 'original' | 'outlook' | 'forward'
}

/** Reply and forward headers the judge knows, in order. */
export function findHeaders(lines: string[]): Header[] {
  const out: Header[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (GT.test(line) || !line.trim()) continue
    let h: Omit<Header, 'style'> | null = null
    if (ORIGINAL_MESSAGE.test(line)) h = { at: i, span: 1, kind: 'original' }
    else if (FORWARD_MARKER.test(line)) h = { at: i, span: 1, kind: 'forward' }
    else if (RULE_LINE.test(line) && outlookBlockAt(lines, nextNonBlank(lines, i + 1)) > 0)
      h = {
        at: i,
        span: nextNonBlank(lines, i + 1) - i + outlookBlockAt(lines, nextNonBlank(lines, i + 1)),
        kind: 'outlook',
      }
    else if (outlookBlockAt(lines, i) > 0) h = { at: i, span: outlookBlockAt(lines, i), kind: 'outlook' }
    else {
      const span = attributionAt(lines, i)
      if (span > 0) h = { at: i, span, kind: 'attribution' }
    }
    if (!h) continue
    const next = nextNonBlank(lines, h.at + h.span)
    const style = next < lines.length && GT.test(lines[next]!) ? 'gt' : 'block'
    out.push({ ...h, style })
    i = h.at + h.span - 1
  }
  return out
}

/** Lines of an Outlook-style header block ("From: ..." then "Sent:/Date:/To:/Subject:" lines), or 0. */
function outlookBlockAt(lines: string[], i: number): number {
  if (i >= lines.length || !HEADER_FROM.test(lines[i]!)) return 0
  let j = i + 1
  let fields = 0
  while (j < lines.length && j <= i + 8) {
    const l = lines[j]!
    if (HEADER_NEXT.test(l)) fields++
    else if (l.trim() && fields === 0 && j === i + 1) {
      // a From: line wrapped onto a second line
    } else break
    j++
  }
  return fields >= 1 ? j - i : 0
}

/** Lines spanned by an attribution line ("On ..., X wrote:", up to four wrapped lines), or 0. */
function attributionAt(lines: string[], i: number): number {
  const first = lines[i]!
  if ((ATTRIBUTION_SHORT.test(first) || ATTRIBUTION_MID.test(first)) && first.length < 300) return 1
  if (!ATTRIBUTION_START.test(first)) return 0
  let joined = ''
  for (let k = 0; k < 4 && i + k < lines.length; k++) {
    const l = lines[i + k]!
    if (!l.trim() || (k > 0 && GT.test(l))) return 0
    joined += (k ? ' ' : '') + l.trim()
    if (joined.length > 400) return 0
    if ((ATTRIBUTION_END.test(joined) && /[:：]\s*$/.test(joined)) || /\bwrote\s*:?\s*$/i.test(joined)) return k + 1
  }
  return 0
}

function nextNonBlank(lines: string[], from: number): number {
  let i = from
  while (i < lines.length && !lines[i]!.trim()) i++
  return i
}

/** A salutation starts the signature when at most three short lines follow it before the quote. */
export function salutationEnds(lines: string[], i: number, boundary: (k: number) => boolean): boolean {
  if (!SALUTATION.test(lines[i]!)) return false
  const rest: string[] = []
  // Stops at the fourth line: scanning on to the quote would make a mail of many closings quadratic.
  for (let k = i + 1; k < lines.length && !boundary(k) && rest.length <= 3; k++)
    if (lines[k]!.trim()) rest.push(lines[k]!)
  return rest.length <= 3 && rest.every((l) => l.trim().length <= 60 && !GAME_LINE.test(l))
}

// ------------------------------------------------------------------------------ the library

export type LibVerdict = 'visible' | 'quoted' | 'signature'

/**
 * What email-reply-parser makes of each line. The library works on fragments of text; they are
 * mapped back onto the lines (it drops a fragment's leading blank line and joins wrapped quote
 * headers). Where the mapping fails the remaining lines count as visible: the library can then
 * take nothing away.
 */
export function libraryVerdicts(lines: string[]): LibVerdict[] {
  const out: LibVerdict[] = lines.map(() => 'visible')
  const cut: string[] = []
  let size = 0
  for (const l of lines) {
    const c = l.length > MAX_LIB_LINE ? l.slice(0, MAX_LIB_LINE) : l
    size += c.length + 1
    if (size > MAX_LIB_CHARS || cut.length >= MAX_LIB_LINES) break
    cut.push(c)
  }
  let fragments
  try {
    fragments = new EmailReplyParser().read(cut.join('\n')).getFragments()
  } catch {
    return out
  }
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ')
  let i = 0
  for (const f of fragments) {
    const verdict: LibVerdict = f.isQuoted() ? 'quoted' : f.isSignature() ? 'signature' : 'visible'
    for (const fl of f.getContent().split('\n')) {
      const target = norm(fl)
      if (!target) {
        if (i < cut.length && !cut[i]!.trim()) out[i++] = verdict
        continue
      }
      while (i < cut.length && !cut[i]!.trim()) out[i++] = verdict
      if (i >= cut.length) return out
      let acc = norm(cut[i]!)
      let j = i + 1
      while (acc !== target && acc.length < target.length && j < cut.length && target.startsWith(acc))
        acc = norm(`${acc} ${cut[j++]!}`)
      if (acc !== target) {
        for (let k = i; k < out.length; k++) out[k] = 'visible'
        return out
      }
      for (let k = i; k < j; k++) out[k] = verdict
      i = j
    }
  }
  return out
}
