/**
 * Optional loopback SMTP listener (smtp-server): an MTA on the same host (or a test) can hand
 * mail straight to the judge. Every message's raw bytes go to the same handler as the other
 * inbound paths (`handleInbound`); the SMTP reply is 250 only after the handler resolved
 * (committed), so a crash before that leaves the message with the sending MTA, which retries.
 * A failure that passes (a locked database, a full disk: transient.ts) is answered 451, so the MTA
 * tries again later; any other failure is recorded through `onPermanentFailure` (the sender and the
 * moderator are told) and answered 554, so the MTA returns the message instead of retrying it for
 * days. An oversized message is answered 552.
 * No STARTTLS, authentication optional, no relaying (nothing is ever forwarded).
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { isTransientFailure } from './transient.ts'

export type SmtpListenerHandler = (raw: Buffer, source: string) => Promise<unknown>

export interface SmtpListenerOptions {
  host?: string
  /** 0 picks a free port */
  port: number
  handler: SmtpListenerHandler
  /** largest message accepted (default 10 MiB) */
  maxBytes?: number
  /** server name in the greeting (default pbem.localhost) */
  name?: string
  onHandled?: (info: { source: string; result: unknown }) => void
  /** Records a message the handler failed on for good (before the 554). */
  onPermanentFailure?: (raw: Buffer, source: string, error: unknown) => Promise<void>
  log?: (line: string) => void
}

export interface SmtpListener {
  host: string
  port: number
  close(): Promise<void>
}

export const DEFAULT_LISTENER_MAX_BYTES = 10 * 1024 * 1024

function smtpError(message: string, code: number): Error {
  return Object.assign(new Error(message), { responseCode: code })
}

export async function startSmtpListener(o: SmtpListenerOptions): Promise<SmtpListener> {
  const host = o.host ?? '127.0.0.1'
  const maxBytes = o.maxBytes ?? DEFAULT_LISTENER_MAX_BYTES
  const log = o.log ?? (() => {})
  const server = new SMTPServer({
    name: o.name ?? 'pbem.localhost',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideSTARTTLS: true,
    size: maxBytes,
    logger: false,
    onData(
      stream: SMTPServerDataStream,
      session: SMTPServerSession,
      callback: (err?: Error | null, message?: string) => void,
    ) {
      const chunks: Buffer[] = []
      let length = 0
      stream.on('data', (c: Buffer) => {
        // keep counting but stop storing once over the limit
        length += c.length
        if (length <= maxBytes) chunks.push(c)
      })
      stream.on('error', (e: Error) => callback(smtpError(`451 reading the message failed: ${e.message}`, 451)))
      stream.on('end', () => {
        if (stream.sizeExceeded || length > maxBytes) {
          callback(smtpError(`message exceeds the fixed maximum size of ${maxBytes} bytes`, 552))
          return
        }
        const raw = Buffer.concat(chunks, length)
        const source = `smtp:${session.id}`
        o.handler(raw, source).then(
          (result) => {
            o.onHandled?.({ source, result })
            callback(null, `Message taken (${String(result)})`)
          },
          async (e: unknown) => {
            const why = oneLine(e instanceof Error ? e.message : String(e))
            if (isTransientFailure(e)) {
              log(`smtp listener: intake failed for ${source}, the sender will retry: ${why}`)
              callback(smtpError(`intake failed, try again later: ${why}`.slice(0, 400), 451))
              return
            }
            log(`smtp listener: intake failed for good for ${source}: ${why}`)
            await o
              .onPermanentFailure?.(raw, source, e)
              .catch((r: unknown) => log(`smtp listener: recording the failure of ${source} failed too: ${String(r)}`))
            callback(smtpError(`the judge could not process this message: ${why}`.slice(0, 400), 554))
          },
        )
      })
    },
  })
  server.on('error', (e: Error) => log(`smtp listener: ${e.message}`))
  await new Promise<void>((resolve, reject) => {
    const onError = (e: Error) => reject(e)
    server.server.once('error', onError)
    server.listen(o.port, host, () => {
      server.server.off('error', onError)
      resolve()
    })
  })
  const addr = server.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : o.port
  return {
    host,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ')
}
