import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as the server received it (headers and MIME parts). */
  raw: string;
}

/**
 * A real SMTP server on a free loopback port, keeping what it receives; `onMail`, when given,
 * is handed each message before the server acknowledges it (the browser tests' sink writes it
 * to a file: e2e/support/smtp-sink.ts). `delayMs` makes it a slow server: each message is
 * acknowledged that long after it arrived (and counted in `received` only then).
 */
export async function startSmtpServer(
  onMail?: (mail: ReceivedMail) => void,
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<{
  url: string;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const acknowledge = () => {
          received.push(mail);
          onMail?.(mail);
          callback();
        };
        if (delayMs > 0) setTimeout(acknowledge, delayMs);
        else acknowledge();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A received message with quoted-printable soft line breaks and =XX escapes undone in its body;
 * the header block stays as sent (a token in a header such as `?token=47…` is no escape).
 */
export const readableMail = (raw: string) => {
  const end = /\r?\n\r?\n/.exec(raw);
  const headers = end ? raw.slice(0, end.index + end[0].length) : raw;
  const body = end ? raw.slice(end.index + end[0].length) : '';
  return (
    headers +
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  );
};
