// Order mails for River and Coastal's by-mail tests, as a player's mail program sends them: a reply
// to the judge's address with the player's key, the GAME line first, the order lines after it.
import { inboundHandler } from '../../src/cli/app.ts'
import type { testApp } from '../helpers/app.ts'

export interface Player {
  role: string
  address: string
  name: string
}

/** The n-th order mail of `role` in `game`; `tag` keeps Message-IDs apart between test files. */
export function orderMail(
  players: readonly Player[],
  game: string,
  role: string,
  key: string,
  lines: string[],
  n: number,
  tag: string,
): Buffer {
  const from = players.find((p) => p.role === role)!
  return Buffer.from(
    [
      `From: ${from.name} <${from.address}>`,
      `To: orders+${game}.${role}.${key}@judge.example.test`,
      `Subject: Orders ${game} ${role} ${n}`,
      'Date: Mon, 02 Mar 2026 12:00:00 +0000',
      `Message-ID: <${tag}${n}-${role}@example.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `GAME ${game} ${role.toUpperCase()}`,
      ...lines,
      '',
    ].join('\r\n'),
  )
}

/**
 * Creates a River and Coastal game for `players` and returns its keys and a sender of its order
 * mails (as mailer below); `tag` keeps Message-IDs apart between test files.
 */
export function mailGame(
  app: ReturnType<typeof testApp>,
  g: { game: string; scenario: string; players: readonly Player[]; tag: string; options?: Record<string, string> },
) {
  const { keys } = app.judge.createGame({
    game: g.game,
    ruleset: 'river-coastal',
    scenario: g.scenario,
    players: [...g.players],
    ...(g.options ? { options: g.options } : {}),
    zone: 'UTC',
  })
  return { keys, mail: mailer(app, g.game, g.players, keys, g.tag) }
}

/** Sends one game's order mails through the judge's intake, numbered in turn; resolves to the intake's outcome. */
export function mailer(
  app: ReturnType<typeof testApp>,
  game: string,
  players: readonly Player[],
  keys: Record<string, string>,
  tag: string,
) {
  const send = inboundHandler(app)
  let n = 0
  return (role: string, lines: string[]) => {
    n++
    return send(orderMail(players, game, role, keys[role]!, lines, n, tag), `test:${n}`)
  }
}
