// A reader that stops early (`pbem game status g1 | head`) closes the pipe under the command. The
// rest of the output is dropped and the command finishes its work: a tick cut short half way through
// its outbox because nobody reads its log any more would be worse than output nobody reads.
type Out = NodeJS.WriteStream

/** Drops what is written to `stream` once its reader has gone (EPIPE); any other error is thrown. */
export function quietOnClosedPipe(stream: Out): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e
    stream.write = ((_chunk: unknown, a?: unknown, b?: unknown) => {
      const done = typeof a === 'function' ? a : b
      if (typeof done === 'function') done()
      return true
    }) as Out['write']
  })
}
