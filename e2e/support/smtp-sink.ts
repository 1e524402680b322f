import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser tests' site (global setup): each message it takes is
 * written to `dir` as one file (the envelope's recipients on the first line, then the raw
 * message), so tests, which run in other processes, read what the site sent.
 */
export async function startSmtpSink(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        const file = path.join(dir, `${Date.now()}-${process.pid}-${++seq}.eml`);
        fs.writeFileSync(file, `${to}\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface SunkMail {
  to: string;
  raw: string;
}

/** The messages the sink has taken so far (E2E_MAIL_DIR of global setup). */
export function sunkMail(): SunkMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir || !fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((name) => {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    const newline = text.indexOf('\n');
    return { to: text.slice(0, newline), raw: text.slice(newline + 1) };
  });
}
