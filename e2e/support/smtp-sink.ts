import fs from 'node:fs';
import path from 'node:path';
import { startSmtpServer } from '../../apps/server/src/test/smtp';
import { expect } from '@playwright/test';

/**
 * The server suite's SMTP server (apps/server/src/test/smtp.ts) for the browser tests' site
 * (global setup): each message it takes is written to `dir` as one file (the envelope's
 * recipients on the first line, then the raw message), so tests, which run in other processes,
 * read what the site sent.
 */
export async function startSmtpSink(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let seq = 0;
  const { url, close } = await startSmtpServer((mail) => {
    const file = path.join(dir, `${Date.now()}-${process.pid}-${++seq}.eml`);
    fs.writeFileSync(file, `${mail.to.join(', ')}\n${mail.raw}`);
  });
  return { url, close };
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

/** A mail's text as sent (quoted-printable soft breaks joined). */
export const mailText = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The status link of the newest mail to `to` whose text holds `marker`. */
export async function statusLinkFor(to: string, marker: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sunkMail()
          .filter((each) => each.to.includes(to) && mailText(each.raw).includes(marker))
          .at(-1);
        link =
          mail &&
          /https?:\/\/[^\s"<>]+\/applications\/[A-Za-z0-9_-]{43}/.exec(mailText(mail.raw))?.[0];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return new URL(link!).pathname;
}
