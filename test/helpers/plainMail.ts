// A plain-text order mail as a mail client sends it (CRLF lines, its own Message-ID), for tests that
// feed the intake raw bytes.

/** A maker of mails whose Message-IDs are `<prefix>-1@example.test`, `<prefix>-2@…` in turn. */
export function plainMails(prefix: string): (from: string, body: string) => Buffer {
  let count = 0
  return (from, body) => {
    const head = [
      `From: ${from}`,
      'To: orders@judge.example.test',
      'Subject: orders',
      `Message-ID: <${prefix}-${++count}@example.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
    ].join('\r\n')
    return Buffer.from(`${head}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`)
  }
}
