// `pbem check` gives exactly the acknowledgement's verdicts, for every game: the same order text is
// checked (checkOrders, what `pbem check` prints) and then sent as a mail through the intake, and
// what the judge filed (OrdersAccepted or OrdersRejected, DecisionMade) must be what check said,
// line for line: the same reading of the body (greetings, signatures, quotes), the same DECIDE
// lines, the same refusals of over-long lines, the same echo and notes. The texts are the fuzzer's
// lines (fuzz/) with answers, greetings, quotes and long lines mixed in; the seed is printed on
// failure (CONFORMANCE_SEED=<n> runs another set). What check prints is one verdict a line: never
// "ok" beside a refusal, never a "line 0".
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { inboundHandler } from '../../src/cli/app.ts'
import type { OrdersAccepted, OrdersRejected } from '../../src/engine/events.ts'
import { checkLines, checkOrders } from '../../src/mail/orderCheck.ts'
import { canonicalJson } from '../../src/util/canonical.ts'
import { GAME_SAMPLES } from './fuzz/gameSamples.ts'
import { FUZZ_GAME, type FuzzRun, playFuzzed } from './fuzz/fuzzPlay.ts'
import { candidateLines, type Rng, rngOf, vocabularyOf } from './fuzz/orderFuzz.ts'

const SEED = Number(process.env.CONFORMANCE_SEED ?? 20261129)
const RUNS = 2
const MAILS = 8
const GAMES = ['sea-devils', 'rebel-raiders', 'river-coastal', 'infernal-machine'] as const

const apps: FuzzRun[] = []
afterAll(() => {
  for (const r of apps) r.app.cleanup()
})

/** An order text as a player writes one: fuzzed lines, answers, and what mail clients add around them. */
function orderText(run: FuzzRun, game: string, role: string, rng: Rng): string {
  const fold = run.app.judge.load(FUZZ_GAME)
  const input = { game: FUZZ_GAME, key: '', role, state: fold.state, ruleset: fold.ruleset }
  const { bot, forms } = GAME_SAMPLES[game]!.samples(input)
  const view = fold.ruleset.view(fold.state, { kind: 'role', role })
  const src = {
    samples: [...bot, ...forms],
    words: GAME_SAMPLES[game]!.words,
    pool: vocabularyOf(view),
    slots: GAME_SAMPLES[game]!.slots(input, view),
  }
  const lines = candidateLines(src, rng, rng.int(0, 6))
  const questions = fold.ruleset.awaiting(fold.state).filter((a) => a.kind === 'decision' && a.role === role)
  for (const q of questions)
    if (q.kind === 'decision' && rng.chance(0.7))
      lines.splice(
        rng.int(0, lines.length),
        0,
        `DECIDE ${q.decisionId} ${rng.pick([...q.options.map((o) => o.id), 'MAYBE'])}`,
      )
  if (rng.chance(0.2)) lines.push(`DECIDE NO-SUCH-${rng.int(1, 9)} ${rng.pick(['YES', 'NO'])}`)
  if (rng.chance(0.1))
    lines.splice(rng.int(0, lines.length), 0, `${rng.pick(lines.length ? lines : ['X'])} ${'x'.repeat(1000)}`)
  if (rng.chance(0.1)) lines.push('🚢 '.repeat(rng.int(1, 400)))
  if (rng.chance(0.1)) lines.unshift(rng.pick(['STATUS', 'ORDERS', 'STATSU', 'HELP']))
  const greeting = rng.chance(0.3) ? ['Hi,', ''] : []
  const envelope = rng.chance(0.5) ? [`GAME ${FUZZ_GAME} ${role}`] : []
  const closing = rng.chance(0.3) ? ['', 'Thanks,', 'Bob'] : []
  const quoted = rng.chance(0.3)
    ? ['', 'On Mon, 2 Mar 2026, judge wrote:', `> ${rng.pick(lines.length ? lines : ['PASS'])}`]
    : []
  return [...greeting, ...envelope, ...lines, ...closing, ...quoted, ''].join('\n')
}

function eml(run: FuzzRun, role: string, body: string, n: number): Buffer {
  const key = run.app.judge.keyFor(FUZZ_GAME, role)
  const headers = [
    `From: Player ${role} <${role}@example.test>`,
    `To: orders+${FUZZ_GAME}.${role}.${key}@judge.example.test`,
    `Subject: orders ${n}`,
    `Message-ID: <check-${n}-${role}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ]
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}`)
}

/** What the intake filed for one mail, in the terms `check` uses. */
function filedSince(run: FuzzRun, from: number) {
  const events = run.app.store.read(`game:${FUZZ_GAME}`).slice(from)
  const orders = events.find((e) => e.type === 'OrdersAccepted' || e.type === 'OrdersRejected')
  const decided = events
    .filter((e) => e.type === 'DecisionMade')
    .map((e) => {
      const { decisionId, applied } = e.data as { decisionId: string; applied: string }
      return { decisionId, applied }
    })
  if (!orders) return { orders: null, decided }
  if (orders.type === 'OrdersAccepted') {
    const d = orders.data as OrdersAccepted
    return { orders: { accepted: true, normalised: d.normalised, warnings: d.warnings, errors: [] }, decided }
  }
  const d = orders.data as OrdersRejected
  return { orders: { accepted: false, normalised: [], warnings: [], errors: d.errors }, decided }
}

/**
 * What `check` prints reads as one verdict: no line shown "ok" and refused as well, no "line 0" (a
 * note about the whole mail names no line).
 */
function printedPlainly(printed: string, where: string): void {
  const lines = printed.split('\n')
  expect(printed, where).not.toMatch(/\bline 0\b/)
  const ok = lines.filter((l) => l.startsWith('ok ')).map((l) => l.slice(8))
  const refused = lines.filter((l) => l.startsWith('ERROR ') && !l.startsWith('ERROR   DECIDE:'))
  if (ok.length) expect(refused, `${where}\n--- a line both ok and refused`).toEqual([])
}

async function agrees(game: string, seed: number): Promise<void> {
  const rng = rngOf(seed)
  const run = playFuzzed(game, seed, rng.int(0, 3))
  apps.push(run)
  const deliver = inboundHandler(run.app)
  for (let n = 0; n < MAILS; n++) {
    // Now and then the point is resolved as a deadline resolves it, not forced: a question put
    // during the resolution stops it and waits, and the next mails may answer it.
    if (rng.chance(0.3) && !run.app.judge.load(FUZZ_GAME).finished) {
      run.app.now.t += 3_600_000
      run.app.judge.adjudicate(FUZZ_GAME)
    }
    const fold = run.app.judge.load(FUZZ_GAME)
    if (fold.finished) break
    const roles = [...fold.players.keys()]
    const role = rng.pick(roles)
    const body = orderText(run, game, role, rng)
    const checked = checkOrders(run.app.judge, FUZZ_GAME, role, body)
    const printed = checkLines(checked).lines.join('\n')
    const before = run.app.store.read(`game:${FUZZ_GAME}`).length
    run.app.now.t += 60_000
    await deliver(eml(run, role, body, seed * 100 + n), 'test')
    const filed = filedSince(run, before)
    const where = `${game}, fuzz seed ${seed}, mail ${n} (${role}):\n${body}\n--- check said:\n${printed}`
    printedPlainly(printed, where)
    const o = checked.orders
    expect(filed.orders === null, `${where}\n--- filed: ${JSON.stringify(filed.orders)}`).toBe(o === null)
    if (o && filed.orders) {
      const said = {
        accepted: o.accepted,
        normalised: o.accepted ? o.normalised : [],
        warnings: o.warnings,
        errors: o.errors,
      }
      const [a, b] = [canonicalJson(said), canonicalJson(filed.orders)]
      if (a !== b) throw new Error(`${where}\n--- check: ${a}\n--- filed: ${b}`)
    }
    const recorded = checked.answers?.recorded ?? []
    expect(filed.decided, where).toEqual(recorded)
  }
}

for (const game of GAMES)
  describe(`pbem check and the acknowledgement: ${game}`, () => {
    it('check gives exactly the verdicts the acknowledgement gives, for the same text', async () => {
      const out = await fc.check(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => agrees(game, seed)),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )
      if (out.failed)
        throw new Error(
          `${game}: property failed (fast-check seed ${out.seed}, game seed ${out.counterexample?.[0]}):\n${(out.errorInstance as Error)?.message ?? String(out.errorInstance)}`,
        )
    }, 120_000)
  })
