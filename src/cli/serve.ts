// `pbem serve`: the judge on its embedded defaults. The inbox drop folder is polled every second
// (so an order mail is acknowledged within seconds); a node-cron tick adjudicates games whose
// deadline has passed; games that process early are resolved as soon as their last order is in.
import { schedule } from 'node-cron'
import { join } from 'node:path'
import { adjudicateDue, readInbox, sendOutbox, type App } from './app.ts'

export const DEMO_GAME = 'sd-demo'

export async function serve(app: App, opts: { intervalMs: number; demoGame: boolean; cron?: string }): Promise<void> {
  if (opts.demoGame && app.judge.games().length === 0) {
    const { keys } = app.judge.createGame({
      game: DEMO_GAME,
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [
        { role: 'federal', address: 'federal@example.test', name: 'Federal player' },
        { role: 'confederate', address: 'confederate@example.test', name: 'Confederate player' },
      ],
      createdBy: 'serve (demo game)',
    })
    console.log(`Created the demo game ${DEMO_GAME} (Sea Devils, Weak Beginning).`)
    console.log(`  federal key ${keys.federal}; confederate key ${keys.confederate}`)
    console.log(`  Example order mail body:\n    GAME ${DEMO_GAME} CONFEDERATE\n    KEY ${keys.confederate}\n    SUM: RUN-OUT\n    SUM: MOVE C11 +RAID`)
  }
  await sendOutbox(app)
  console.log(`acw-pbem judge running on ${app.dirs.db}`)
  console.log(`  drop order mails (.eml) into ${app.dirs.inbox}`)
  console.log(`  acknowledgements and reports are written to ${app.dirs.outbox}`)
  console.log(`  processed mail is kept in ${join(app.dirs.inbox, 'processed')}`)

  let busy = false
  let stopping = false
  const pass = async (deadlines: boolean) => {
    if (busy) return
    busy = true
    try {
      const outcomes = await readInbox(app)
      for (const o of outcomes) console.log(`mail: ${o}`)
      if (deadlines || outcomes.some((o) => o === 'orders-accepted')) adjudicateDue(app, (l) => console.log(l))
      const sent = await sendOutbox(app)
      if (sent) console.log(`outbox: ${sent} mail(s) written`)
    } catch (e) {
      console.error(`judge pass failed: ${(e as Error).stack ?? e}`)
    } finally {
      busy = false
    }
  }
  await pass(true)
  const cron = schedule(opts.cron ?? '* * * * *', () => void pass(true))
  await new Promise<void>((resolve) => {
    const loop = async () => {
      if (stopping) return resolve()
      await pass(false)
      setTimeout(loop, opts.intervalMs)
    }
    const stop = () => {
      stopping = true
      void cron.stop()
      console.log('judge stopping')
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    setTimeout(loop, opts.intervalMs)
  })
  app.close()
}
