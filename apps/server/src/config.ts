import {
  API_BASE_PATH,
  consolePagePaths,
  consolePaths,
  DEFAULT_APPLICANT_RETENTION_DAYS,
  userRoleSchema,
  type UserRole,
} from '@lumenfield/contract';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, from either apps/server/src (tsx) or apps/server/dist (the bundle). */
const defaultStaticDir = path.resolve(here, '../../web/dist');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${name} must be greater than 0`);

/**
 * TRUST_PROXY: which hops in front of the server may speak for the client in
 * X-Forwarded-For/-Proto/-Host. A hop count (`1`: the socket peer, e.g. nginx on the same
 * host) or addresses/CIDRs (`127.0.0.1,10.0.0.0/8`); the client is the address the nearest
 * untrusted hop reports. `true` (trust every hop) would let a client pick its own address.
 */
const trustProxy = z.string().transform((value, ctx): number | string[] | false => {
  const text = value.trim();
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must not be "true": that trusts every X-Forwarded-For entry, so a client could choose ' +
        'its own address. Set the number of proxies in front of the server (1 for one nginx) ' +
        'or their addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or a list of addresses/CIDRs (${(error as Error).message})`,
    });
    return z.NEVER;
  }
  return list;
});

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  HR_SITE_URL: z.url({ message: 'must be an absolute URL' }).default('https://hr.example.com/'),
  PUBLIC_URL: z
    .url({ message: 'must be an absolute URL' })
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  SEED_DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z
    .enum(['json', 'pretty'], {
      message: 'must be json or pretty (unset: pretty on a terminal, JSON otherwise)',
    })
    .optional(),
  STATIC_DIR: z.string().min(1).default(defaultStaticDir),
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_REQUESTS: positiveInt('RATE_LIMIT_REQUESTS').default(600),
  RATE_LIMIT_APPLICATIONS: positiveInt('RATE_LIMIT_APPLICATIONS').default(30),
  TRUST_PROXY: trustProxy.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Four of the largest bodies (22 MB) at once: with more, on two cores, the event loop waits
  // for a core while they decode (bench/bodies, docs/performance.md); the rest wait their turn.
  UPLOAD_BYTES_IN_FLIGHT: positiveInt('UPLOAD_BYTES_IN_FLIGHT').default(88_000_000),
  // A body (or headers) still arriving this long after the request began is answered 408 and
  // its connection closed, giving back its share of UPLOAD_BYTES_IN_FLIGHT (docs/security.md).
  BODY_TIMEOUT_MS: positiveInt('BODY_TIMEOUT_MS').default(30_000),
  // Bodies one client address may hold (or wait with) under UPLOAD_BYTES_IN_FLIGHT at once: one
  // 22 MB body is a quarter of the default budget, so one client cannot take it all.
  UPLOAD_BODIES_PER_CLIENT: positiveInt('UPLOAD_BODIES_PER_CLIENT').default(1),
  // An application body averaging under this many bytes a second once it has had
  // UPLOAD_RATE_GRACE_MS is answered 408 and closed: a phone on a poor line sends 50 KB/s and
  // more, a socket held open on purpose a few bytes (0: off).
  UPLOAD_MIN_BYTES_PER_SECOND: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of bytes a second (0: off)')
    .transform(Number)
    .default(10_240),
  UPLOAD_RATE_GRACE_MS: positiveInt('UPLOAD_RATE_GRACE_MS').default(5_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lumenfield Careers <careers@example.com>'),
  MAIL_POLL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0: off)')
    .transform(Number)
    .default(5_000),
  // Mail a stranger can cause to one address in a day, every kind and route together
  // (docs/careers.md): past it the action is done and answered the same, without the mail.
  MAIL_CAP_PER_ADDRESS: positiveInt('MAIL_CAP_PER_ADDRESS').default(10),
  SHUTDOWN_TIMEOUT_MS: positiveInt('SHUTDOWN_TIMEOUT_MS').default(10_000),
  APPLICANT_RETENTION_DAYS: positiveInt('APPLICANT_RETENTION_DAYS').default(
    DEFAULT_APPLICANT_RETENTION_DAYS,
  ),
  RETENTION_INTERVAL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0: off)')
    .transform(Number)
    .default(3_600_000),
  ALERTS_INTERVAL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0: off)')
    .transform(Number)
    .default(60_000),
  // How often a node looks for interviews' calendar mail to queue (invitations, reminders).
  CALENDAR_INTERVAL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0: off)')
    .transform(Number)
    .default(15_000),
  // How often a node looks for scheduled publishes of the site's content (docs/content.md).
  CONTENT_PUBLISH_INTERVAL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0: off)')
    .transform(Number)
    .default(15_000),
  // How often a node looks for notifications to mail (the digests; docs/recruiters.md).
  NOTIFICATIONS_INTERVAL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0: off)')
    .transform(Number)
    .default(60_000),
  // Voluntary self-identification after applying (docs/careers.md): `us` offers the US form.
  SELF_ID: z.enum(['us'], { message: 'must be us (unset: off)' }).optional(),
  // Search engines told of openings (docs/search.md): IndexNow's key, as its protocol allows.
  INDEXNOW_KEY: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,128}$/, 'must be 8 to 128 letters, digits or dashes')
    .optional(),
  INDEXNOW_ENDPOINT: z
    .url({ message: 'must be an absolute URL' })
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .default('https://api.indexnow.org/indexnow'),
  INDEXNOW_DAILY_BUDGET: positiveInt('INDEXNOW_DAILY_BUDGET').default(10_000),
  // The path of a Google service account's JSON key file (Indexing API).
  GOOGLE_INDEXING_CREDENTIALS: z.string().optional(),
  GOOGLE_INDEXING_ENDPOINT: z
    .url({ message: 'must be an absolute URL' })
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .default('https://indexing.googleapis.com'),
  GOOGLE_INDEXING_DAILY_BUDGET: positiveInt('GOOGLE_INDEXING_DAILY_BUDGET').default(200),
  SEARCH_POLL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0: off)')
    .transform(Number)
    .default(60_000),
  // Single sign-on (docs/operations.md, "Single sign-on"): the OpenID provider's issuer URL,
  // discovered at `<issuer>/.well-known/openid-configuration`; https except on this machine.
  OIDC_ISSUER: z
    .url({ message: 'must be an absolute URL' })
    .max(500, 'must be at most 500 characters')
    .refine((value) => {
      const url = new URL(value);
      return (
        url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
      );
    }, 'must be an https URL (http only on this machine: localhost, 127.0.0.1)')
    .optional(),
  OIDC_CLIENT_ID: z.string().max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().max(2000).optional(),
  OIDC_BUTTON: z.string().trim().min(1).max(60).default('Sign in with single sign-on'),
  OIDC_CREATE_ROLE: userRoleSchema.optional(),
  // The claim that must be `true` for the `email` claim to count (Entra: xms_edov).
  OIDC_EMAIL_VERIFIED_CLAIM: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be a claim name such as email_verified')
    .default('email_verified'),
  // The mailbox candidates' replies go to (docs/operations.md, "Replies by mail"): a mail to a
  // candidate names `<local>+<token>@<domain>` as its Reply-To, so the local part has no `+`.
  REPLY_ADDRESS: z
    .string()
    .regex(
      /^[^\s@+<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/,
      'must be a plain address such as careers@example.com, without a + in its local part',
    )
    .optional(),
  IMAP_URL: z
    .string()
    .transform((value, ctx): ImapSetting => {
      const imap = imapSetting(value);
      if (typeof imap === 'string') {
        ctx.addIssue({ code: 'custom', message: imap });
        return z.NEVER;
      }
      return imap;
    })
    .optional(),
  // How often a node looks for new replies in the mailbox (one node at a time, by lease).
  IMAP_POLL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds (0: off)')
    .transform(Number)
    .default(60_000),
});

/** IMAP_URL read: where the replies' mailbox is and how to sign in (the password never logged). */
export interface ImapSetting {
  host: string;
  port: number;
  /** imaps:// (TLS from the start); imap:// is upgraded with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The folder read: the URL's path, INBOX when it has none. */
  mailbox: string;
}

/** imap(s)://user:password@host[:port][/mailbox], or the sentence saying what is wrong with it. */
function imapSetting(value: string): ImapSetting | string {
  const wrong =
    'must be an imap:// or imaps:// URL with a user and password (imaps://user:password@host/INBOX)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return wrong;
  }
  if (
    !['imap:', 'imaps:'].includes(url.protocol) ||
    !url.hostname ||
    !url.username ||
    !url.password
  ) {
    return wrong;
  }
  const secure = url.protocol === 'imaps:';
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox: mailbox || 'INBOX',
  };
}

/**
 * Whether a host keeps the site on this machine: localhost, 127.0.0.0/8 or ::1 (the embedded
 * default, 127.0.0.1). HOST, or the host of PUBLIC_URL.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/**
 * The local outbox (docs/operations.md) is on only where nobody else could be mailed by it: no
 * mail server set, the server listening on a loopback address, and the public URL (if any) on
 * one too. Anywhere else mail without SMTP_URL is logged by id and kind, never kept.
 */
export function keepsLocalOutbox(e: {
  smtpUrl: string | undefined;
  host: string;
  publicUrl: string | undefined;
}): boolean {
  if (e.smtpUrl !== undefined || !isLoopbackHost(e.host)) return false;
  return e.publicUrl === undefined || isLoopbackHost(new URL(e.publicUrl).hostname);
}

/** A Google service account as the site uses it: who signs, with which key, asking where. */
export interface GoogleServiceAccount {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** The service account's JSON key file at `file`, or the sentence that says what is wrong. */
function readServiceAccount(file: string): GoogleServiceAccount | string {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code ? `cannot be read (${code})` : 'is not a JSON file';
  }
  const { client_email, private_key, token_uri } = (json ?? {}) as Record<string, unknown>;
  if (
    typeof client_email !== 'string' ||
    typeof private_key !== 'string' ||
    typeof token_uri !== 'string' ||
    !/^https?:\/\//.test(token_uri)
  ) {
    return 'must be a service account key file (client_email, private_key and token_uri)';
  }
  try {
    crypto.createPrivateKey(private_key);
  } catch {
    return 'holds a private_key that is not a PEM private key';
  }
  return { clientEmail: client_email, privateKey: private_key, tokenUri: token_uri };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  adminToken: string | undefined;
  hrSiteUrl: string;
  /** The site's public origin for canonical, Open Graph and sitemap URLs; no trailing slash. */
  publicUrl: string | undefined;
  seedDemoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Forced log format; unset: readable on a terminal, JSON otherwise (plugins/log-output.ts). */
  logFormat: 'json' | 'pretty' | undefined;
  staticDir: string;
  cookieSecret: string | undefined;
  rateLimit: { requestsPerMinute: number; applicationsPerHour: number };
  /** Application body bytes one node reads at once; past it, 503 with Retry-After. */
  uploadBytesInFlight: number;
  /** How long a request may take to arrive, headers and body; then 408 and the socket closed. */
  bodyTimeoutMs: number;
  /** Application bodies one client address holds or waits with at once; one more is 429. */
  uploadBodiesPerClient: number;
  /**
   * The slowest an application body may arrive, averaged from when it got its reservation and
   * judged from `graceMs` on; slower is 408 and the socket closed. 0 bytes a second: off.
   */
  uploadMinRate: { bytesPerSecond: number; graceMs: number };
  /** SMTP server for queued mail; unset: mail is logged (id and kind), not sent. */
  smtpUrl: string | undefined;
  /**
   * No SMTP_URL on a loopback host (`keepsLocalOutbox`): mail is kept in the local outbox for an
   * admin to read in the console instead of only logged.
   */
  mailOutbox: boolean;
  mailFrom: string;
  /** How often each node sends due mail; 0 turns the sender's timer off (tests). */
  mailPollMs: number;
  /** Stranger-caused mails (confirmations, links, erase links) one address gets in a day. */
  mailCapPerAddress: number;
  /** Hops or addresses trusted to forward the client's address and scheme; false: none. */
  trustProxy: number | string[] | false;
  /** Bearer token of GET /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  /** Applicants are erased this many days after their opening closed (docs/recruiters.md). */
  applicantRetentionDays: number;
  /** How often a node tries the retention run; 0 turns the timer off (tests call it). */
  retentionIntervalMs: number;
  /** How often a node publishes the site content's drafts whose time has come (0: never). */
  contentPublishIntervalMs: number;
  /**
   * How often a node tries the job alerts' run (instant alerts wait at most this long after a
   * publish; digests are looked for as often); 0 turns the timer off (tests call it).
   */
  alertsIntervalMs: number;
  /**
   * How often a node tries the interviews' calendar run (invitations, updates, cancellations
   * and reminders queued); 0 turns the timer off (tests call it).
   */
  calendarIntervalMs: number;
  /** How often a node tries the notification digests' run; 0 turns the timer off (tests). */
  notificationsIntervalMs: number;
  /** `us`: the US voluntary self-identification form after applying; undefined: off. */
  selfId: 'us' | undefined;
  /** Search engines told of openings' pages (docs/search.md); each undefined when off. */
  search: {
    indexNow: { key: string; endpoint: string; dailyBudget: number } | undefined;
    google: { account: GoogleServiceAccount; endpoint: string; dailyBudget: number } | undefined;
    /** How often a node tries to send due notices; 0 turns the timer off (tests call it). */
    pollMs: number;
  };
  /** Single sign-on with an OpenID provider (docs/operations.md); undefined when off. */
  singleSignOn: SingleSignOnSetting | undefined;
  /** Candidates' replies by mail (docs/operations.md, "Replies by mail"). */
  replies: {
    /** REPLY_ADDRESS: mail to a candidate carries `Reply-To` to it plus a token; unset: none. */
    address: string | undefined;
    /** IMAP_URL: the mailbox read for replies; unset: no reader runs. */
    imap: ImapSetting | undefined;
    /** How often a node tries to read the mailbox; 0 turns the timer off (tests call it). */
    pollMs: number;
  };
}

/** OIDC_*: the provider, this site's client there, and what an unknown person gets. */
export interface SingleSignOnSetting {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: PUBLIC_URL + the callback's path. */
  redirectUri: string;
  /** Where the provider sends the browser after its own sign-out: the console's sign-in page. */
  signedOutUri: string;
  /** The sign-in page's button ("Sign in with Okta"). */
  button: string;
  /** OIDC_CREATE_ROLE: an unknown person is made an account with this role; unset: refused. */
  createRole: UserRole | undefined;
  /** The claim that must be `true` for the e-mail to count as the provider's word. */
  emailVerifiedClaim: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once, at start; names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? 'environment');
        const value = present[key];
        const shown = key.includes('TOKEN') || key.includes('SECRET') || key.includes('URL');
        return `${key} ${issue.message}${value !== undefined && !shown ? ` (got "${value}")` : ''}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const account =
    e.GOOGLE_INDEXING_CREDENTIALS === undefined
      ? undefined
      : readServiceAccount(e.GOOGLE_INDEXING_CREDENTIALS);
  if (typeof account === 'string') problems.push(`GOOGLE_INDEXING_CREDENTIALS ${account}`);
  // Engines are told the site's public URLs: a request's Host cannot stand in for them.
  for (const key of ['INDEXNOW_KEY', 'GOOGLE_INDEXING_CREDENTIALS'] as const) {
    if (e[key] !== undefined && e.PUBLIC_URL === undefined) {
      problems.push(`${key} needs PUBLIC_URL: search engines are told the site's public URLs`);
    }
  }
  // The reader matches replies by the token in the address REPLY_ADDRESS gave the mail.
  if (e.IMAP_URL !== undefined && e.REPLY_ADDRESS === undefined) {
    problems.push('IMAP_URL needs REPLY_ADDRESS: replies are matched by the address mail names');
  }
  const oidc = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidc.some((value) => value !== undefined)) {
    if (oidc.some((value) => value === undefined)) {
      problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together or not');
    }
    // The provider sends the browser back to a fixed URL: a request's Host cannot name it.
    if (e.PUBLIC_URL === undefined) {
      problems.push('OIDC_ISSUER needs PUBLIC_URL: the provider sends people back to it');
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    adminToken: e.ADMIN_TOKEN,
    hrSiteUrl: e.HR_SITE_URL,
    publicUrl,
    // Demo openings go into the embedded database by default, never into PostgreSQL unless asked.
    seedDemoData: e.SEED_DEMO_DATA ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    staticDir: path.resolve(e.STATIC_DIR),
    cookieSecret: e.COOKIE_SECRET,
    rateLimit: {
      requestsPerMinute: e.RATE_LIMIT_REQUESTS,
      applicationsPerHour: e.RATE_LIMIT_APPLICATIONS,
    },
    uploadBytesInFlight: e.UPLOAD_BYTES_IN_FLIGHT,
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    uploadBodiesPerClient: e.UPLOAD_BODIES_PER_CLIENT,
    uploadMinRate: {
      bytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      graceMs: e.UPLOAD_RATE_GRACE_MS,
    },
    smtpUrl: e.SMTP_URL,
    mailOutbox: keepsLocalOutbox({ smtpUrl: e.SMTP_URL, host: e.HOST, publicUrl: e.PUBLIC_URL }),
    mailFrom: e.MAIL_FROM,
    mailPollMs: e.MAIL_POLL_MS,
    mailCapPerAddress: e.MAIL_CAP_PER_ADDRESS,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    applicantRetentionDays: e.APPLICANT_RETENTION_DAYS,
    retentionIntervalMs: e.RETENTION_INTERVAL_MS,
    contentPublishIntervalMs: e.CONTENT_PUBLISH_INTERVAL_MS,
    alertsIntervalMs: e.ALERTS_INTERVAL_MS,
    calendarIntervalMs: e.CALENDAR_INTERVAL_MS,
    notificationsIntervalMs: e.NOTIFICATIONS_INTERVAL_MS,
    selfId: e.SELF_ID,
    search: {
      indexNow: e.INDEXNOW_KEY
        ? {
            key: e.INDEXNOW_KEY,
            endpoint: e.INDEXNOW_ENDPOINT,
            dailyBudget: e.INDEXNOW_DAILY_BUDGET,
          }
        : undefined,
      google:
        account && typeof account !== 'string'
          ? {
              account,
              endpoint: e.GOOGLE_INDEXING_ENDPOINT,
              dailyBudget: e.GOOGLE_INDEXING_DAILY_BUDGET,
            }
          : undefined,
      pollMs: e.SEARCH_POLL_MS,
    },
    singleSignOn:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET && publicUrl
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            redirectUri: `${publicUrl}${API_BASE_PATH}${consolePaths.ssoCallback}`,
            signedOutUri: `${publicUrl}${consolePagePaths.signIn}`,
            button: e.OIDC_BUTTON,
            createRole: e.OIDC_CREATE_ROLE,
            emailVerifiedClaim: e.OIDC_EMAIL_VERIFIED_CLAIM,
          }
        : undefined,
    replies: { address: e.REPLY_ADDRESS, imap: e.IMAP_URL, pollMs: e.IMAP_POLL_MS },
  };
}
