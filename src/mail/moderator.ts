// Moderator commands by mail. The moderator of a game holds a key
// derived from the server secret like the players' keys (playerKey(secret, game, 'moderator', gen);
// `pbem key <game> moderator` shows it, and every notice the judge sends the moderator carries it in
// its reply address orders+<game>.moderator.<key>@domain). A message holds one command a line:
//
//   STATUS | HELP
//   PAUSE [reason]                       RESUME [YYYY-MM-DD [HH:MM] | <n>H]
//   EXTEND <n>H|<n>D [POINT <p>]         DEADLINE YYYY-MM-DD HH:MM [POINT <p>]   (game's zone)
//   PROCESS [POINT <p>]                  resolve now; unanswered decisions take their defaults
//   PREVIEW                              the resolution as it would go now, to you only; nothing recorded
//   REPLACE <role> <address>|house:<level> [name]   EJECT <role> [reason]
//   ABSENCE <role> <from> <to> | ABSENCE <role> NONE
//   SCHEDULE <phase kind> <rule>         e.g. SCHEDULE activity Fridays 18:00
//   SET MISSED default|grace|pause | SET GRACE <h> | SET DELAY <min> | SET EARLY ON|OFF
//   SET REMINDERS <h,h> | SET LATE <h,h> | SET ANNOUNCE ON|OFF | SET ABSENCEMAX <days> | SET DECISION <h>
//
// The intake routes a message here when its reply address or GAME line names the role "moderator".
import { describeSchedule, type ScheduleInput } from '../engine/clock/schedule.ts'
import { parseLocal, parseRule } from '../engine/clock/calendar.ts'
import { inProgress, pendingDecision } from '../engine/clock/lifecycle.ts'
import { houseLevel } from '../engine/houseSeat.ts'
import { readScript } from '../orders/script.ts'
import { sha256Hex } from '../util/canonical.ts'
import type { MailContext } from './commands.ts'

export const MODERATOR_COMMANDS = [
  'HELP',
  'STATUS',
  'PAUSE',
  'RESUME',
  'EXTEND',
  'DEADLINE',
  'PROCESS',
  'PREVIEW',
  'REPLACE',
  'EJECT',
  'ABSENCE',
  'SCHEDULE',
  'SET',
] as const

export interface ModeratorContext extends MailContext {
  /** The key from the reply address (orders+<game>.moderator.<key>@), when the mail came that way; else the KEY line counts. */
  key?: string | null
  /**
   * Whether a refusal may still be mailed to an address (the intake's hourly reply limit). Mail
   * without the moderator key is anybody's: its refusals, to the sender and the alert to the
   * moderator, keep to the limit. Commands with the key are always answered.
   */
  mayNotify?: (to: string) => boolean
}

export type ModeratorOutcome = 'moderator-command' | 'moderator-refused'

export interface ModeratorResult {
  outcome: ModeratorOutcome
  /** One line per command: what was done, or why not. */
  lines: string[]
}

export function moderatorHelp(game: string): string {
  return [
    `Moderator commands for ${game}, one a line after GAME ${game} MODERATOR and KEY <moderator key>`,
    '(or reply to any notice the judge sent you: its address carries the key):',
    '  STATUS                              the game as the moderator sees it, and its schedule',
    '  PAUSE [reason]                      stop the clock (orders are still accepted)',
    '  RESUME [YYYY-MM-DD [HH:MM] | <n>H]  restart it; default: the old deadline moved by the pause, at least 24h away',
    '  EXTEND <n>H | <n>D [POINT <p>]      move the open deadline (or a pending decision) later',
    "  DEADLINE YYYY-MM-DD HH:MM [POINT <p>]  set the open deadline (in the game's zone)",
    '  PROCESS [POINT <p>]                 resolve now; decisions not yet answered take their defaults',
    '  PREVIEW                             the resolution as it would go now, mailed to you only; nothing recorded',
    '  REPLACE <role> <address> [name]     a new player for the role (new key; the old one stops working);',
    '                                      REPLACE <role> house:<level> gives the seat to the house',
    '  EJECT <role> [reason]               remove a player; the role plays on standing orders until replaced',
    '  ABSENCE <role> <from> <to> | ABSENCE <role> NONE   set or cancel an absence (no limits apply)',
    '  SCHEDULE <phase kind> <rule>        e.g. SCHEDULE activity Fridays 18:00, SCHEDULE default 72h weekdays',
    '  SET MISSED default|grace|pause, SET GRACE <h>, SET DELAY <min>, SET EARLY ON|OFF,',
    '  SET REMINDERS <h,h>, SET LATE <h,h>, SET ANNOUNCE ON|OFF, SET ABSENCEMAX <days>, SET DECISION <h>',
    'POINT <p> makes a command apply only while resolution <p> is the open one.',
  ].join('\n')
}

/** Runs the commands of a moderator's message and mails the outcome back; refuses without the moderator key. */
export function runModeratorCommand(ctx: ModeratorContext): ModeratorResult {
  const { judge, game } = ctx
  const script = readScript(ctx.body)
  const key = ctx.key ?? script.envelope.key ?? null
  const sender = ctx.mail.from.address
  const tag = sha256Hex(`${ctx.mail.messageId}|moderator`).slice(0, 16)
  const reply = (subject: string, text: string, to = sender, suffix = '') =>
    ctx.outbox.enqueue(
      {
        messageId: `mod.${game}.${tag}${suffix}@${judge.mailDomain}`,
        from: judge.fromAddress,
        to,
        ...(key && judge.hasGame(game) && judge.checkModeratorKey(game, key)
          ? { replyTo: judge.replyAddress(game, 'moderator', key) }
          : {}),
        subject: `[${game}] ${subject}`,
        text: judge.templates.render(null, 'notice.txt', { body: text }),
        inReplyTo: ctx.mail.messageId,
        references: [...ctx.mail.references, ctx.mail.messageId],
      },
      { game: judge.hasGame(game) ? game : null, kind: 'moderator' },
    )
  const mayNotify = ctx.mayNotify ?? (() => true)
  const held: string[] = []
  const refuse = (subject: string, text: string, to = sender, suffix = '') => {
    if (mayNotify(to)) reply(subject, text, to, suffix)
    else held.push(`not answered: the hourly reply limit for ${to} is reached`)
  }
  if (!judge.hasGame(game)) {
    refuse('No such game', `There is no game "${game}" on this judge.`)
    return { outcome: 'moderator-refused', lines: ['no such game', ...held] }
  }
  if (!key || !judge.checkModeratorKey(game, key)) {
    const why = key ? 'the moderator key does not match' : 'no moderator key was given'
    refuse(
      'Moderator command refused',
      `Moderator commands for ${game} need the moderator key (a KEY line, or a reply to a notice the judge sent the moderator): ${why}. Nothing was done.`,
    )
    const of = judge.moderatorAddress
    if (of && of !== sender)
      refuse(
        'Someone tried a moderator command',
        `${sender} sent moderator commands for ${game} without a valid key (${why}). They were refused.`,
        of,
        '.alert',
      )
    return { outcome: 'moderator-refused', lines: [why, ...held] }
  }

  const lines: string[] = []
  const extra: string[] = []
  const by = `moderator (${sender})`
  for (const line of script.lines) {
    const words = line.words
    const raw = line.text.split(/\s+/)
    const pointAt = words.indexOf('POINT')
    const point = pointAt >= 0 ? Number(words[pointAt + 1]) : undefined
    const args = (pointAt >= 0 ? raw.slice(0, pointAt) : raw).slice(1)
    const guard = point !== undefined && Number.isInteger(point) ? { point } : {}
    const zone = judge.schedule(game).zone
    try {
      const run = COMMAND_RUNS[words[0] as (typeof MODERATOR_COMMANDS)[number]]
      lines.push(
        run
          ? run({ judge, game, args, guard, by, sender, zone })
          : `"${line.text}": not a moderator command (send HELP for the list).`,
      )
    } catch (e) {
      lines.push(`${words[0]}: NOT DONE: ${(e as Error).message}`)
    }
  }
  if (!script.lines.length) lines.push(moderatorHelp(game))
  reply(`Moderator: ${commandWords(script.lines.map((l) => l.words[0] ?? ''))}`, [...lines, ...extra].join('\n\n'))
  const of = judge.moderatorAddress
  if (of && of !== sender)
    reply(
      'Moderator commands from another address',
      `${sender} sent moderator commands for ${game} with the moderator key:\n\n${lines.join('\n\n')}`,
      of,
      '.copy',
    )
  return { outcome: 'moderator-command', lines }
}

interface CommandLine {
  judge: ModeratorContext['judge']
  game: string
  /** The words after the command, as written, without a POINT <p> guard. */
  args: string[]
  guard: { point?: number }
  by: string
  sender: string
  zone: string
}

/** One moderator command line: what was done, in a sentence for the reply; throws what could not be done. */
const COMMAND_RUNS: Record<(typeof MODERATOR_COMMANDS)[number], (c: CommandLine) => string> = {
  HELP: ({ game }) => {
    return moderatorHelp(game)
  },
  STATUS: ({ judge, game }) => {
    const fold = judge.load(game)
    const d = inProgress(fold) ? pendingDecision(fold) : null
    return [
      `STATUS: resolution ${fold.point}${fold.finished ? ' (the game is over)' : ''}; awaiting ${judge.awaitingText(fold, { kind: 'moderator' })}`,
      `Deadline: ${judge.when(fold, fold.deadline?.deadline ?? null)}`,
      `Orders on file: ${[...fold.orders.values()].map((o) => `${o.role} (${o.receipt})`).join(', ') || 'none'}`,
      ...(fold.paused ? [`PAUSED since ${fold.paused.at}: ${fold.paused.reason}`] : []),
      ...(d
        ? [
            `Decision pending: ${d.decisionId} from ${d.role}, default ${d.defaultOption}, due ${judge.when(fold, d.deadline ?? null)}`,
          ]
        : []),
      ...[...fold.absences].flatMap(([role, list]) => list.map((a) => `Absence: ${role} ${a.from} to ${a.to}`)),
      ...(fold.ejected.size ? [`Vacant: ${[...fold.ejected].join(', ')}`] : []),
      'Schedule:',
      ...describeSchedule(fold.schedule).map((l) => `  ${l}`),
    ].join('\n')
  },
  PAUSE: ({ judge, game, args, guard, by }) => {
    judge.pause(game, { by, ...guard, ...(args.length ? { reason: args.join(' ') } : {}) })
    return 'PAUSE: the game is paused.'
  },
  RESUME: ({ judge, game, args, guard, by, zone }) => {
    const a = args.join(' ')
    const hours = /^(\d+(?:\.\d+)?)\s*H$/i.exec(a)
    const r = judge.resume(game, {
      by,
      ...guard,
      ...(hours ? { hours: Number(hours[1]) } : a ? { deadline: parseLocal(a, zone) } : {}),
    })
    return `RESUME: the game runs again; deadline ${judge.when(judge.load(game), r.deadline)}.`
  },
  EXTEND: ({ judge, game, args, guard, by }) => {
    const m = /^(\d+(?:\.\d+)?)\s*([HD]?)$/i.exec(args.join(''))
    if (!m) throw new Error('write EXTEND <n>H or EXTEND <n>D')
    const hours = Number(m[1]) * (m[2]?.toUpperCase() === 'D' ? 24 : 1)
    const r = judge.extend(game, hours, { by, ...guard })
    return `EXTEND: deadline now ${judge.when(judge.load(game), r.deadline)}.`
  },
  DEADLINE: ({ judge, game, args, guard, by, zone }) => {
    const r = judge.setDeadline(game, parseLocal(args.join(' '), zone), { by, ...guard })
    return `DEADLINE: now ${judge.when(judge.load(game), r.deadline)}.`
  },
  PROCESS: ({ judge, game, guard, by }) => {
    const r = judge.forceAdjudicate(game, { by, ...guard })
    return `PROCESS: ${r.label} resolved${r.defaulted.length ? ` (defaults applied to ${r.defaulted.join(', ')})` : ''}; the reports are on their way.`
  },
  PREVIEW: ({ judge, game, sender }) => {
    const r = judge.preview(game, { to: sender })
    return `PREVIEW: the preview of ${r.label} is in a separate mail. Nothing was recorded.`
  },
  REPLACE: ({ judge, game, args, guard, by }) => {
    const [role, address, ...name] = args
    if (!role || !address) throw new Error('write REPLACE <role> <address> [name]')
    judge.replacePlayer(game, role.toLowerCase(), address.toLowerCase(), {
      by,
      ...guard,
      ...(name.length ? { name: name.join(' ') } : {}),
    })
    const house = houseLevel(address.toLowerCase())
    return house
      ? `REPLACE: the house (${house}) took the ${role.toLowerCase()} seat and writes its orders from now on; the old key no longer works.`
      : `REPLACE: ${role.toLowerCase()} is now played by ${address}; the new key went to that address and the old key no longer works.`
  },
  EJECT: ({ judge, game, args, guard, by }) => {
    const [role, ...reason] = args
    if (!role) throw new Error('write EJECT <role> [reason]')
    judge.eject(game, role.toLowerCase(), {
      by,
      ...guard,
      ...(reason.length ? { reason: reason.join(' ') } : {}),
    })
    return `EJECT: ${role.toLowerCase()} is vacant and plays on its standing orders until you REPLACE it.`
  },
  ABSENCE: ({ judge, game, args }) => {
    const [role, from, to] = args
    if (!role || !from) throw new Error('write ABSENCE <role> <from> <to> or ABSENCE <role> NONE')
    const r = /^none$/i.test(from)
      ? judge.cancelAbsence(game, role.toLowerCase(), { by: 'moderator' })
      : judge.setAbsence(game, role.toLowerCase(), from, to ?? from, { by: 'moderator' })
    return `ABSENCE: ${r.ok ? r.message : `not set: ${r.error}`}`
  },
  SCHEDULE: ({ judge, game, args, guard, by }) => {
    const [kind, ...rule] = args
    if (!kind || !rule.length)
      throw new Error('write SCHEDULE <phase kind> <rule>, e.g. SCHEDULE activity Fridays 18:00')
    judge.setSchedule(game, { rules: { [kind.toLowerCase()]: parseRule(rule.join(' ')) } }, { by, ...guard })
    return `SCHEDULE: ${kind.toLowerCase()} deadlines now follow "${rule.join(' ')}" from the next point on.`
  },
  SET: ({ judge, game, args, guard, by }) => {
    const input = setOption(args)
    const s = judge.setSchedule(game, input, { by, ...guard })
    return `SET: done. The schedule now reads:\n${describeSchedule(s)
      .map((l) => `  ${l}`)
      .join('\n')}`
  },
}

function setOption(args: string[]): ScheduleInput {
  const [name, ...rest] = args
  const value = rest.join(' ')
  const on = (v: string) => {
    if (/^(on|yes|true)$/i.test(v)) return true
    if (/^(off|no|false)$/i.test(v)) return false
    throw new Error(`write ON or OFF, not "${v}"`)
  }
  const hours = (v: string) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => Number(x.replace(/h$/i, '')))
  switch ((name ?? '').toUpperCase()) {
    case 'MISSED':
      return { missed: value.toLowerCase() as ScheduleInput['missed'] }
    case 'GRACE':
      return { graceHours: Number(value.replace(/h$/i, '')) }
    case 'DELAY':
      return { delayMinutes: Number(value.replace(/m(in)?$/i, '')) }
    case 'EARLY':
      return { early: on(value) }
    case 'REMINDERS':
      return { reminderHours: /^none$/i.test(value) ? [] : hours(value) }
    case 'LATE':
      return { lateNoticeHours: /^none$/i.test(value) ? [] : hours(value) }
    case 'ANNOUNCE':
      return { announceLate: on(value) }
    case 'ABSENCEMAX':
      return { absenceMaxDays: Number(value) }
    case 'DECISION':
      return { decisionHours: Number(value.replace(/h$/i, '')) }
    case 'ZONE':
      return { zone: rest[0] ?? '' }
    default:
      throw new Error(
        `unknown option "${name ?? ''}"; options: MISSED, GRACE, DELAY, EARLY, REMINDERS, LATE, ANNOUNCE, ABSENCEMAX, DECISION, ZONE`,
      )
  }
}

/** The subject's list of commands: the distinct words, the first few of them (a message may hold thousands of lines). */
function commandWords(words: string[]): string {
  const distinct = [...new Set(words.filter(Boolean).map((w) => w.slice(0, 20)))]
  if (!distinct.length) return 'HELP'
  const shown = distinct.slice(0, 8).join(', ')
  return distinct.length > 8 ? `${shown} and ${distinct.length - 8} more` : shown
}
