// `pbem mail check`: the command; its steps load (IMAP, SMTP, mailauth) only when it runs.
import type { Command } from 'commander'
import { loadMailConfig } from '../mail/config.ts'

export function registerMailCheck(mail: Command): void {
  mail
    .command('check')
    .description(
      'log in to IMAP and SMTP, list the folders, send a test mail to the plus-address and wait for it; says what to fix',
    )
    .option('--create-folders', 'create the folders the judge uses when they are missing')
    .option('--address <address>', 'send the test mail here instead of the mailbox plus-address')
    .option('--wait <seconds>', 'how long to wait for the test mail', '60')
    .action(async (o: { createFolders?: boolean; address?: string; wait: string }) => {
      const { mailCheck, checkLines } = await import('./mailCheckRun.ts')
      const steps = await mailCheck(loadMailConfig(), {
        createFolders: o.createFolders === true,
        waitMs: Math.max(1, Number(o.wait) || 60) * 1000,
        ...(o.address ? { address: o.address } : {}),
      })
      for (const line of checkLines(steps)) console.log(line)
      const failed = steps.filter((s) => s.verdict === 'fail').length
      console.log(failed ? `${failed} step(s) failed` : 'mail settings work')
      if (failed) process.exitCode = 1
    })
}
