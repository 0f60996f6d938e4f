// Who holds a seat: new keys, replacing and ejecting players, the moderator's own key.
import { gameStream } from './events.ts'
import { keyHash, playerKey, serverSecret } from './keys.ts'
import { awaitedOrders, pendingDecision } from './clock/lifecycle.ts'
import { checkAddress, checkPlayerName } from './validate.ts'
import { checkHouseSeat, isHouseSeat } from './houseSeat.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { ModeratorOptions } from './calls.ts'
import * as resolving from './resolving.ts'
import * as asking from './asking.ts'
import * as reporting from './reporting.ts'
import { seatViewToken } from './viewTokens.ts'

/** Issues a new key for a role (the old one stops working) and mails it to the player of record. */
export function rekey(j: Judge, game: string, role: string, reason: string): string {
  if (role === 'moderator') return rekeyModerator(j, game, reason)
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    const p = fold.players.get(role)
    if (!p) throw new Error(`game ${game} has no role ${role}`)
    const generation = p.keyGeneration + 1
    const key = playerKey(serverSecret(j.o.db), game, role, generation)
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'PlayerRekeyed',
        data: { role, keyHash: keyHash(key), keyGeneration: generation, reason },
        audience: { kind: 'moderator' },
      },
    ])
    j.o.outbox.enqueue(
      {
        messageId: `rekey.${game}.${role}.${generation}@${j.mailDomain}`,
        from: j.fromAddress,
        to: p.address,
        replyTo: j.replyAddress(game, role, key),
        subject: `[${game}] Your new key for ${role}`,
        text: j.templates.render(null, 'notice.txt', {
          body: `Your key for ${role} in ${game} has been replaced (${reason}).\nNew key: ${key}\nThe old key no longer works. Reply to this mail, or put KEY ${key} in your orders.`,
        }),
      },
      { game, kind: 'notice' },
    )
    return key
  })
}

/** A new player takes over a role (PlayerReplaced): new address, new key; the old key stops working. */
export function replacePlayer(
  j: Judge,
  game: string,
  role: string,
  address: string,
  opts: ModeratorOptions & { name?: string } = {},
): { key: string } {
  const house = isHouseSeat(address) ? checkHouseSeat(address) : null
  if (!house) checkAddress(address)
  if (opts.name !== undefined) checkPlayerName(opts.name)
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    resolving.guard(fold, opts)
    const p = fold.players.get(role)
    if (!p) throw new Error(`game ${game} has no role ${role}`)
    if (house && !fold.ruleset.house) throw new Error(`${fold.ruleset.title} has no house player yet`)
    const keyGeneration = p.keyGeneration + 1
    const key = playerKey(serverSecret(j.o.db), game, role, keyGeneration)
    const name = opts.name ?? address
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'PlayerReplaced',
        data: {
          role,
          address,
          name,
          previousAddress: p.address,
          keyHash: keyHash(key),
          keyGeneration,
          by: opts.by ?? 'moderator',
          reason: opts.reason ?? 'replaced by the moderator',
        },
        audience: { kind: 'moderator' },
      },
      ...(house ? [] : seatViewToken(j, fold, role, opts.by ?? 'moderator')),
    ])
    const after = j.load(game)
    if (!fold.ejected.has(role) && p.address !== address) {
      j.o.outbox.enqueue(
        {
          messageId: `replaced.${game}.${role}.${keyGeneration}.old@${j.mailDomain}`,
          from: j.fromAddress,
          to: p.address,
          subject: `[${game}] You no longer play ${role}`,
          text: j.templates.render(null, 'notice.txt', {
            body: `The moderator handed ${role} in ${game} to another player (${opts.reason ?? 'replacement'}). Your key no longer works. Thank you for playing.`,
          }),
        },
        { game, kind: 'notice' },
      )
    }
    const model = j.reportModel(after, { kind: 'role', role }, null)
    const status = j.templates.render(after.created.ruleset, 'status.txt', model)
    reporting.noticeTo(
      j,
      after,
      role,
      `You now play ${role}`,
      [
        `Welcome to ${game} (${after.ruleset.title}). The moderator gave you the role ${role}.`,
        `Your key: ${key}. Reply to any mail of the judge (its address carries the key), or put the lines GAME ${game} ${role.toUpperCase()} and KEY ${key} in your orders.`,
        '',
        status.trimEnd(),
        '',
        `Awaiting: ${j.awaitingText(after, { kind: 'role', role })}`,
        `Deadline: ${j.when(after, after.deadline?.deadline ?? null, role)}`,
        'Send HISTORY for what happened so far, HELP for the commands.',
      ].join('\n'),
      `welcome.${game}.g${keyGeneration}`,
    )
    const d = pendingDecision(after)
    if (d && d.role === role && d.deadline) {
      const letter = asking.decisionLetter(
        j,
        after,
        { ...d, deadline: d.deadline },
        awaitedOrders(after)
          .map((x) => x.label)
          .join(' / ') || `resolution ${after.point}`,
      )
      if (letter) j.o.outbox.enqueue(letter, { game, kind: 'decision' })
    }
    announceSeat(j, after, role, house ? `the house (${house})` : name, keyGeneration)
    reporting.noticeTo(
      j,
      after,
      null,
      `${role} replaced`,
      `${role} is now played by ${name} <${address}> (was ${p.address}). New key generation ${keyGeneration}.`,
      `replaced.${game}.g${keyGeneration}`,
    )
    return { key }
  })
}

/** Every other player learns who sits at `role` now (a house seat or a person), from the seat's event. */
function announceSeat(j: Judge, fold: ReturnType<Judge['load']>, role: string, who: string, generation: number): void {
  for (const o of fold.players.values())
    if (o.role !== role && !fold.ejected.has(o.role))
      reporting.noticeTo(
        j,
        fold,
        o.role,
        `${role} is now played by ${who}`,
        `From now on ${role} in ${fold.created.game} is played by ${who}.`,
        `seat.${fold.created.game}.${role}.g${generation}`,
      )
}

/** Removes a player (PlayerEjected): the key stops working; the role plays on standing orders until replaced. */
export function eject(j: Judge, game: string, role: string, opts: ModeratorOptions = {}): void {
  j.o.store.transaction(() => {
    const fold = j.load(game)
    resolving.guard(fold, opts)
    const p = fold.players.get(role)
    if (!p) throw new Error(`game ${game} has no role ${role}`)
    if (fold.ejected.has(role)) throw new Error(`${role} is already vacant`)
    const reason = opts.reason ?? 'removed by the moderator'
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'PlayerEjected',
        data: {
          role,
          previousAddress: p.address,
          keyGeneration: p.keyGeneration + 1,
          by: opts.by ?? 'moderator',
          reason,
        },
        audience: { kind: 'moderator' },
      },
    ])
    const after = j.load(game)
    j.o.outbox.enqueue(
      {
        messageId: `ejected.${game}.${role}.${p.keyGeneration + 1}@${j.mailDomain}`,
        from: j.fromAddress,
        to: p.address,
        subject: `[${game}] You were removed from ${role}`,
        text: j.templates.render(null, 'notice.txt', {
          body: `The moderator removed you from ${role} in ${game}: ${reason}. Your key no longer works.`,
        }),
      },
      { game, kind: 'notice' },
    )
    for (const o of after.players.values())
      reporting.noticeTo(
        j,
        after,
        o.role,
        `${role} is vacant`,
        `The ${role} player has left the game. Until a replacement joins, ${role} plays on its standing orders and the rules' defaults; the game does not wait for it.`,
        `vacant.${game}.v${after.version}`,
      )
    reporting.noticeTo(
      j,
      after,
      null,
      `${role} ejected`,
      `${p.address} no longer plays ${role} (${reason}). Name a replacement with "pbem player replace ${game} ${role} <address>" or REPLACE by mail.`,
      `vacant.${game}.v${after.version}`,
    )
  })
}

export function rekeyModerator(j: Judge, game: string, reason: string): string {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    const generation = fold.moderatorKeyGeneration + 1
    const key = playerKey(serverSecret(j.o.db), game, 'moderator', generation)
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'PlayerRekeyed',
        data: { role: 'moderator', keyHash: keyHash(key), keyGeneration: generation, reason },
        audience: { kind: 'moderator' },
      },
    ])
    if (j.o.moderatorAddress)
      j.o.outbox.enqueue(
        {
          messageId: `rekey.${game}.moderator.${generation}@${j.mailDomain}`,
          from: j.fromAddress,
          to: j.o.moderatorAddress,
          replyTo: j.replyAddress(game, 'moderator', key),
          subject: `[${game}] Your new moderator key`,
          text: j.templates.render(null, 'notice.txt', {
            body: `Your moderator key for ${game} was replaced (${reason}).\nNew key: ${key}`,
          }),
        },
        { game, kind: 'notice' },
      )
    return key
  })
}
