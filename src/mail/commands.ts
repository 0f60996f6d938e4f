// Mail commands for players: HELP, STATUS, ORDERS, HISTORY, REPORT n,
// VERIFY [n], PRESS <role|ALL>. The intake calls them after the sender has proved to be the player.
import type { Database } from '../engine/mailStore.ts'
import { DECIDE_FORM } from '../games/kit/decideForm.ts'
import { syntax } from '../games/kit/grammar.ts'
import { hiddenDrawSecret, verifyHiddenRolls, verifyRolls } from '../engine/dice.ts'
import type { Judge, Outbox } from '../engine/judge.ts'
import { decisionRolesOf, resultFor } from '../engine/redact.ts'
import { editDistance, readScript } from '../orders/script.ts'
import { sha256Hex } from '../util/canonical.ts'
import { answerLines } from './answerLines.ts'
import type { InboundMail } from './inbound.ts'

export const MAIL_COMMANDS = [
  'HELP',
  'STATUS',
  'ORDERS',
  'HISTORY',
  'REPORT',
  'VERIFY',
  'PRESS',
  'DECIDE',
  'SET',
] as const

/** What a command handler gets from the intake: the judge's services and the authenticated message. */
export interface MailContext {
  judge: Judge
  db: Database
  outbox: Outbox
  clock: () => Date
  mail: InboundMail
  game: string
  body: string
}

export interface CommandContext extends MailContext {
  role: string
  word: string
}

/** The mail command a message's first line gives, or null when the message holds orders. */
export function mailCommandWord(body: string): string | null {
  const first = readScript(body).lines[0]?.words[0]
  return first && (MAIL_COMMANDS as readonly string[]).includes(first) ? first : null
}

/**
 * The mail command a lone first word was probably meant to be ("STATSU" for STATUS), or null. Only a
 * message of that one line is a candidate; the intake asks the game first whether it is an order.
 */
export function misspeltCommand(body: string): { written: string; meant: string } | null {
  const lines = readScript(body).lines
  const written = lines[0]?.words[0]
  if (lines.length !== 1 || !written || lines[0]!.words.length > 3) return null
  const within = written.length >= 5 ? 2 : 1
  const meant = MAIL_COMMANDS.find((c) => editDistance(written, c) <= within)
  return meant && meant !== written ? { written, meant } : null
}

/** How to write to the judge. It names no game: strangers read it too (a judge's list of games is its players' business). */
export function helpText(): string {
  return [
    'Send orders in the body of a plain mail, one command a line:',
    '  GAME <game> <role>      which game and role (or reply to a report: its address carries both)',
    '  KEY <key>               your key (it is also in the reply address of every report)',
    '  SALT <word>             optional: mixed into the dice after the commitment',
    '  # ...                   a comment; quoted lines (>) and everything after a "--" signature are ignored',
    'A later set of orders before the deadline replaces the earlier one. Every message gets a receipt.',
    '',
    'Instead of orders, the first line may be a command (after GAME and KEY):',
    '  STATUS                  the situation as you may see it, what is awaited, the deadline',
    '  ORDERS                  the orders you have on file',
    '  HISTORY                 every resolution so far, as you were shown it',
    '  REPORT <n>              your report of resolution n, sent again',
    '  VERIFY [n]              the dice secrets, commitments and your rolls, recomputed',
    '  PRESS <role|ALL>        the lines after it go to that player (logged by the judge)',
    `  ${syntax(DECIDE_FORM).padEnd(23)} ${DECIDE_FORM.summary}`,
    '  SET ZONE <zone>         show deadlines in your time zone too (e.g. Europe/Paris; NONE to clear)',
    '  SET ABSENCE <from> <to> dates (YYYY-MM-DD) you cannot play; the deadline will not wait for you (NONE to cancel)',
    '  HELP                    this text',
    "  HELP MAP                the map's key: every area by code and name",
  ].join('\n')
}

export function runMailCommand(ctx: CommandContext): 'command' {
  const args = readScript(ctx.body).lines[0]!.words.slice(1)
  // These change the game; the engine acknowledges them itself (or explains why not).
  if (ctx.word === 'DECIDE' || ctx.word === 'SET') {
    const meta = { messageId: ctx.mail.messageId }
    const { judge, game, role } = ctx
    if (ctx.word === 'DECIDE') judge.answer(game, role, answerLines(ctx.body).answers, meta)
    else if (args[0] === 'ZONE')
      judge.setPlayerZone(
        game,
        role,
        !args[1] || args[1] === 'NONE' ? null : readScript(ctx.body).lines[0]!.text.split(/\s+/)[2]!,
        meta,
      )
    else if (args[0] === 'ABSENCE' && args[1] === 'NONE') judge.cancelAbsence(game, role, meta)
    else if (args[0] === 'ABSENCE') judge.setAbsence(game, role, args[1] ?? '', args[2] ?? args[1] ?? '', meta)
    else reply(ctx, 'Unknown SET', 'SET takes ZONE <zone> or ABSENCE <from> <to> (or ABSENCE NONE).')
    return 'command'
  }
  if (ctx.word === 'REPORT') {
    const point = Number(args[0])
    const letter = Number.isInteger(point)
      ? ctx.judge.reportAgain(ctx.game, point, { kind: 'role', role: ctx.role })
      : null
    if (letter) {
      // The whole report again, map and HTML part included, answering the request.
      ctx.outbox.enqueue(
        {
          ...letter,
          messageId: `again.${sha256Hex(`${ctx.mail.messageId}|${letter.messageId}`).slice(0, 16)}.${letter.messageId}`,
          to: ctx.mail.from.address,
          subject: `${letter.subject} (sent again)`,
          inReplyTo: ctx.mail.messageId,
          references: [...ctx.mail.references, ctx.mail.messageId],
        },
        { game: ctx.game, kind: 'command' },
      )
      return 'command'
    }
  }
  const { subject, text } = answer(ctx, args)
  const id = reply(ctx, subject, text)
  const player = ctx.judge.load(ctx.game).players.get(ctx.role)!
  if (player.address !== ctx.mail.from.address && ctx.word === 'PRESS') {
    ctx.outbox.enqueue(
      {
        messageId: `copy.${id}`,
        from: ctx.judge.fromAddress,
        to: player.address,
        subject: `[${ctx.game}] Press sent in your name from ${ctx.mail.from.address}`,
        text,
      },
      { game: ctx.game, kind: 'notice' },
    )
  }
  return 'command'
}

/** The judge's answer to a command, threaded to the message; returns its Message-ID. */
function reply(ctx: CommandContext, subject: string, text: string): string {
  const id = `cmd.${ctx.game}.${ctx.role}.${sha256Hex(`${ctx.mail.messageId}|${ctx.word}`).slice(0, 16)}@${ctx.judge.mailDomain}`
  ctx.outbox.enqueue(
    {
      messageId: id,
      from: ctx.judge.fromAddress,
      to: ctx.mail.from.address,
      replyTo: ctx.judge.replyAddress(ctx.game, ctx.role, ctx.judge.keyFor(ctx.game, ctx.role)),
      subject: `[${ctx.game}] ${subject}`,
      text: ctx.judge.templates.render(null, 'notice.txt', { body: text }),
      inReplyTo: ctx.mail.messageId,
      references: [...ctx.mail.references, ctx.mail.messageId],
    },
    { game: ctx.game, kind: 'command' },
  )
  return id
}

type Answer = { subject: string; text: string }

function answer(ctx: CommandContext, args: string[]): Answer {
  switch (ctx.word) {
    case 'HELP':
      return args[0] === 'MAP' ? answerMapKey(ctx) : answerHelp(ctx)
    case 'STATUS':
      return answerStatus(ctx)
    case 'ORDERS':
      return answerOrders(ctx)
    case 'HISTORY':
      return answerHistory(ctx)
    case 'REPORT':
      return {
        subject: 'No such report',
        text: `Write REPORT <n> with n from 0 (the opening report) to ${ctx.judge.load(ctx.game).adjudications.length} (the latest resolution); HISTORY lists the resolutions by number.`,
      }
    case 'VERIFY':
      return answerVerify(ctx, args)
    case 'PRESS':
      return answerPress(ctx, args)
  }
  return { subject: 'Unknown command', text: helpText() }
}

function answerHelp(ctx: CommandContext): Answer {
  const { judge, game, role } = ctx
  // A keyed player gets his own game's order syntax first, then how to write to the judge.
  const fold = judge.load(game)
  const own = fold.ruleset.orderHelp?.(fold.state, role) ?? []
  const head = own.length ? [`Your orders in game ${game} (${role}):`, ...own, ''] : []
  return { subject: 'Help', text: [...head, helpText()].join('\n') }
}

/** HELP MAP: the game's key that the reports leave out (sent once, with the opening report). */
function answerMapKey(ctx: CommandContext): Answer {
  const fold = ctx.judge.load(ctx.game)
  const key = fold.ruleset.mapKey?.(fold.state) ?? []
  return key.length
    ? {
        subject: "The map's key",
        text: [`The map's key of game ${ctx.game}, every area by code and name:`, ...key].join('\n'),
      }
    : {
        subject: "The map's key",
        text: `${fold.ruleset.title} has no key apart from its map: the map names its places.`,
      }
}

function answerStatus(ctx: CommandContext): Answer {
  const { judge, game, role } = ctx
  const viewer = { kind: 'role' as const, role }
  const fold = judge.load(game)
  const model = judge.reportModel(fold, viewer, null)
  const status = judge.templates.render(fold.created.ruleset, 'status.txt', model)
  const onFile = fold.orders.get(role)
  return {
    subject: `Status (${role})`,
    text: [
      status.trimEnd(),
      '',
      `Awaiting: ${judge.awaitingText(fold)}`,
      `Your orders on file: ${onFile ? `yes (receipt ${onFile.receipt})` : 'none'}`,
      `Deadline: ${judge.when(fold, fold.deadline?.deadline ?? null, role)}`,
    ].join('\n'),
  }
}

function answerOrders(ctx: CommandContext): Answer {
  const { judge, game, role } = ctx
  const fold = judge.load(game)
  const o = fold.orders.get(role)
  return {
    subject: `Orders on file (${role})`,
    text: o
      ? [`Receipt ${o.receipt}:`, ...o.normalised.map((n) => `  ${n}`)].join('\n')
      : `No orders of yours are on file for ${judge.awaitingText(fold)}.`,
  }
}

function answerHistory(ctx: CommandContext): Answer {
  const { judge, game, role } = ctx
  const viewer = { kind: 'role' as const, role }
  const fold = judge.load(game)
  const lines: string[] = []
  const decisionRoles = decisionRolesOf(fold.events)
  for (const { data } of fold.adjudications) {
    lines.push(`Resolution ${data.point}: ${data.label}`)
    for (const n of resultFor(data, viewer, decisionRoles).narrative)
      lines.push(`  ${n.rule ? `[${n.rule}] ` : ''}${n.text}`)
    lines.push('')
  }
  return { subject: `History (${role})`, text: lines.length ? lines.join('\n') : 'Nothing has been resolved yet.' }
}

function answerVerify(ctx: CommandContext, args: string[]): Answer {
  const { judge, game, role } = ctx
  const viewer = { kind: 'role' as const, role }
  const fold = judge.load(game)
  const only = args[0] ? Number(args[0]) : null
  const lines: string[] = []
  const decisionRoles = decisionRolesOf(fold.events)
  const hidden = hiddenDrawSecret(fold.events)
  for (const { data } of fold.adjudications) {
    if (only !== null && data.point !== only) continue
    const { rolls: mine, hiddenRolls } = resultFor(data, viewer, decisionRoles)
    const problem = verifyRolls(data.secret, data.commitment, game, data.point, data.salt, mine)
    lines.push(
      `Resolution ${data.point} (${data.label}): secret ${data.secret}, commitment ${data.commitment}, salt "${data.salt}": ${mine.length} roll(s) you may see ${problem ? `DO NOT reproduce: ${problem}` : 'reproduce'}`,
    )
    for (const r of mine) lines.push(`  #${r.index} ${r.label}: d${r.sides} = ${r.value}`)
    if (!hiddenRolls.length) continue
    const sealed = !hidden
    const hiddenProblem = hidden
      ? verifyHiddenRolls(hidden.secret, hidden.commitment, game, data.point, data.salt, hiddenRolls)
      : null
    lines.push(
      sealed
        ? `  ${hiddenRolls.length} hidden draw(s) you may see: sealed; the hidden-draw secret is revealed when the game ends`
        : `  ${hiddenRolls.length} hidden draw(s) you may see ${hiddenProblem ? `DO NOT reproduce: ${hiddenProblem}` : 'reproduce'} from the revealed hidden-draw secret`,
    )
    for (const r of hiddenRolls) lines.push(`  hidden #${r.index} ${r.label}: d${r.sides} = ${r.value}`)
  }
  if (fold.commitment) lines.push(`Commitment for the open resolution ${fold.point}: ${fold.commitment}`)
  return { subject: 'Dice verification', text: lines.join('\n') || 'No dice have been rolled yet.' }
}

function answerPress(ctx: CommandContext, args: string[]): Answer {
  const { judge, game, role } = ctx
  const to = (args[0] ?? '').toLowerCase()
  const lines = readScript(ctx.body)
    .lines.slice(1)
    .map((l) => l.text)
  const result = judge.sendPress(game, role, to, lines.join('\n'), ctx.mail.messageId)
  return {
    subject: result.ok ? `Press delivered to ${result.to.join(', ')}` : 'Press not sent',
    text: result.ok ? `Your message went to ${result.to.join(', ')} and is logged.` : result.reason,
  }
}
