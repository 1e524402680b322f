import crypto from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import { fileTypeFromBuffer } from 'file-type';
import { convert } from 'html-to-text';
import { simpleParser, type Attachment } from 'mailparser';
import { cleanFileName, detectResumeKind } from '../applications/resume-file';
import { tokenIn, type ReplyMailbox } from '../mail/reply-addresses';
import type { ReplyAttachment } from './replies';

/** A reply's file is kept up to this size, as a resume is (CONTRACT §18). */
export const MAX_REPLY_FILE_BYTES = 10 * 1024 * 1024;
/** A mail is read whole up to this size; a larger one is kept by its header only. */
export const MAX_REPLY_MAIL_BYTES = 25 * 1024 * 1024;

/** The kinds a reply's file may be, judged by its bytes; its name must claim the same. */
const KEPT_KINDS: Record<string, { names: readonly string[]; mimeType: string }> = {
  pdf: { names: ['pdf'], mimeType: 'application/pdf' },
  doc: { names: ['doc'], mimeType: 'application/msword' },
  docx: {
    names: ['docx'],
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  odt: { names: ['odt'], mimeType: 'application/vnd.oasis.opendocument.text' },
  txt: { names: ['txt'], mimeType: 'text/plain; charset=utf-8' },
  png: { names: ['png'], mimeType: 'image/png' },
  jpg: { names: ['jpg', 'jpeg'], mimeType: 'image/jpeg' },
};
const KEPT_WORDS = 'PDF, Word, OpenDocument text, plain text, PNG or JPEG';

/** A mail in the replies' mailbox, read: whose conversation it names and what it says. */
export interface IncomingReply {
  /** SHA-256 of its Message-ID (of its bytes when it has none): read twice, it lands once. */
  sourceKey: string;
  /** The tag of the first recipient address that is REPLY_ADDRESS plus one. */
  token: string | undefined;
  from: string;
  subject: string;
  /** What the candidate wrote, as text: no quoted history, no signature, no HTML. */
  body: string;
  attachments: ReplyAttachment[];
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Every address named in a header line (`To: Rey <careers+x@…>, …`). */
const ADDRESS = /[^\s<>,;:"'()[\]]+@[^\s<>,;:"'()[\]]+/g;

/** The headers a delivering server puts the envelope recipient in, and the visible ones. */
const RECIPIENT_HEADERS = new Set(['delivered-to', 'x-original-to', 'to', 'cc']);

/** Quoted history as mail programs mark it in HTML (Gmail, Yahoo, Thunderbird, Apple Mail). */
const QUOTE_SELECTORS = [
  'blockquote',
  'div.gmail_quote',
  'div.yahoo_quoted',
  'div.moz-cite-prefix',
  'div#divRplyFwdMsg',
  'div#appendonsend',
];

/** The HTML part as text: scripts, styles, images and quoted history left out, links as text. */
function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      ...QUOTE_SELECTORS.map((selector) => ({ selector, format: 'skip' })),
    ],
  });
}

/** Without quoted history ("On … wrote:" and `>` lines) and the signature after `-- `. */
function visibleText(text: string): string {
  const visible = new EmailReplyParser().parseReply(text.replace(/\r\n/g, '\n'));
  return visible.trim();
}

/** The kind a file's bytes are, from the allow-list; null for anything else. */
async function keptKind(content: Buffer): Promise<string | null> {
  const asResume = await detectResumeKind(content);
  if (asResume) return asResume;
  const detected = await fileTypeFromBuffer(content).catch(() => undefined);
  if (detected?.ext === 'odt' || detected?.ext === 'png' || detected?.ext === 'jpg') {
    return detected.ext;
  }
  // Plain text has no signature: it is valid UTF-8 with no control bytes but line breaks and tabs.
  if (detected === undefined && content.length > 0) {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(content);
    // eslint-disable-next-line no-control-regex
    if (!text.includes('\uFFFD') && !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) {
      return 'txt';
    }
  }
  return null;
}

/** A file kept (checked by its bytes) or the line that says why it was not. */
async function judgeFile(file: Attachment): Promise<ReplyAttachment | string> {
  const name = cleanFileName(file.filename ?? '') || 'unnamed';
  const refused = (why: string) => `[attachment ${name} not kept: ${why}]`;
  if (file.content.length > MAX_REPLY_FILE_BYTES) return refused('larger than 10 MB');
  const kind = await keptKind(file.content);
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (!kind || !KEPT_KINDS[kind]!.names.includes(extension)) {
    return refused(`only ${KEPT_WORDS} files are kept`);
  }
  return { originalName: name, kind, mimeType: KEPT_KINDS[kind]!.mimeType, content: file.content };
}

/**
 * Reads a mail from the replies' mailbox: the conversation token among its recipients, its
 * text (the HTML part made text when there is one, so quoted history marked there is left
 * out; then quoted lines and the signature removed), and its files, each kept only when its
 * bytes are an allowed kind of at most 10 MB; a refused one is named in the text.
 */
export async function readIncomingReply(
  raw: Buffer,
  mailbox: ReplyMailbox,
): Promise<IncomingReply> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const recipients = parsed.headerLines
    .filter((header) => RECIPIENT_HEADERS.has(header.key))
    // Delivered-To and X-Original-To first: they name the envelope's recipient.
    .sort((a, b) => Number(['to', 'cc'].includes(a.key)) - Number(['to', 'cc'].includes(b.key)))
    .flatMap((header) => header.line.slice(header.line.indexOf(':') + 1).match(ADDRESS) ?? []);
  const written = typeof parsed.html === 'string' ? htmlText(parsed.html) : (parsed.text ?? '');
  const notes: string[] = [];
  const attachments: ReplyAttachment[] = [];
  // Inline images an HTML part shows (a signature's logo) are its decoration, not files sent.
  for (const file of parsed.attachments.filter((part) => !part.related)) {
    const judged = await judgeFile(file);
    if (typeof judged === 'string') notes.push(judged);
    else attachments.push(judged);
  }
  const body = [visibleText(written), ...notes].filter(Boolean).join('\n\n');
  const from = parsed.from?.value[0]?.address ?? '';
  return {
    sourceKey: sha256(parsed.messageId?.trim() || raw),
    token: tokenIn(recipients, mailbox),
    from,
    subject: parsed.subject ?? '',
    body,
    attachments,
  };
}
