// `npm run admin -- <command>`: the recruiters' API from a terminal, for operators. It builds
// the same app in-process and calls the same /api/admin routes, so validation, sanitising and
// answers are identical to the HTTP API. See docs/recruiters.md.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  describeErasure,
  userRoleSchema,
  type AdminApplicant,
  type AdminJob,
  type AdminJobDetail,
} from '@lumenfield/contract';
import { prepareDatabase } from '../prepare';
import { hashPassword, passwordProblem } from '../domains/accounts/passwords';
import { createRepositories } from '../domains';
import { EmailInUseError } from '../domains/accounts/users-repository';
import { BackupError, backupDatabase } from './backup';
import { adminJobBody } from './legacy/job-body';
import { cliConfig, openDatabase, startCliApp, type CliApp } from './run-app';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  list                          every opening, open or closed
  show <id>                     one opening with its description
  create [fields]               post an opening (--code, --title, --location and the rest)
  update <id> [fields]          change any of the fields below
  open <id> | close <id>        publish or withdraw an opening
  applicants <id> [--csv]       applicants of an opening (JSON, or CSV with --csv)
  applicants erase --email E    erase everything about one person at their request
  download <guid> [--out PATH]  save a resume (PATH: a file or an existing folder)
  backup --out FILE             a consistent copy of the SQLite database, while the site runs
  after-restore [--drop-mail]   before starting nodes on a restored copy: sign everyone out
                                and revoke every personal API token and calendar feed link
                                (those ended since the copy are valid in it); with
                                --drop-mail, drop the queued mail (some went after the copy)
  users add --email E --name "N" --role admin|recruiter|compliance|editor --password-stdin
                                a console account (the first admin); the password from stdin
  users list                    every console account
  users reset-second-factor --email E
                                a person who lost their authenticator app and recovery
                                codes: remove both and end their sessions (audited as cli);
                                they sign in with their password and set up a new app

Fields (create/update):
  --code C  --title T  --location L  --effective-from ISO-8601
  --description HTML | --description-file FILE
  --managers "A, B"  --contacts "A, B"  --mails "a@x, b@x"
  --employment FULL_TIME|PART_TIME|CONTRACTOR|TEMPORARY|INTERN
  --workplace ONSITE|HYBRID|REMOTE
  --pay-min N  --pay-max N  --pay-currency USD  --pay-period HOUR|MONTH|YEAR
  --no-pay                      remove the pay range
  --file JOB.json               the API's JSON body (JobCode, JobTitle, ...) instead of flags

Reads DATA_DIR / DATABASE_URL like the server (run it from the repository root).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    code: { type: 'string' },
    title: { type: 'string' },
    location: { type: 'string' },
    'effective-from': { type: 'string' },
    description: { type: 'string' },
    'description-file': { type: 'string' },
    managers: { type: 'string' },
    contacts: { type: 'string' },
    mails: { type: 'string' },
    employment: { type: 'string' },
    workplace: { type: 'string' },
    'pay-min': { type: 'string' },
    'pay-max': { type: 'string' },
    'pay-currency': { type: 'string' },
    'pay-period': { type: 'string' },
    'no-pay': { type: 'boolean' },
    file: { type: 'string' },
    csv: { type: 'boolean' },
    email: { type: 'string' },
    out: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    'password-stdin': { type: 'boolean' },
    'drop-mail': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

class CliError extends Error {}

/** "120000" or "120,000" -> 120000; the API judges the number. */
function amountFlag(name: 'pay-min' | 'pay-max'): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const amount = Number(raw.replace(/[,_\s]/g, ''));
  if (raw.trim() === '' || !Number.isFinite(amount))
    throw new CliError(`--${name} needs a number.`);
  return amount;
}

function jobBody(): Record<string, unknown> {
  const fromFile = values.file
    ? (JSON.parse(fs.readFileSync(values.file, 'utf8')) as Record<string, unknown>)
    : {};
  const description =
    values.description ??
    (values['description-file'] ? fs.readFileSync(values['description-file'], 'utf8') : undefined);
  return adminJobBody(
    {
      code: values.code,
      title: values.title,
      location: values.location,
      effectiveFrom: values['effective-from'],
      description,
      managers: values.managers,
      contacts: values.contacts,
      mails: values.mails,
      employment: values.employment,
      workplace: values.workplace,
      payMin: amountFlag('pay-min'),
      payMax: amountFlag('pay-max'),
      payCurrency: values['pay-currency'],
      payPeriod: values['pay-period'],
      noPay: values['no-pay'],
    },
    fromFile,
  );
}

function idArgument(): string {
  const id = positionals[1];
  if (!id || !/^\d+$/.test(id)) throw new CliError(`"${positionals[0]}" needs an opening id.`);
  return id;
}

async function call(cli: CliApp, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  const res = await cli.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${cli.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  if (res.statusCode >= 400) {
    const problem = res.json() as {
      detail?: string;
      errors?: { field: string; message: string }[];
    };
    const reasons = (problem.errors ?? []).map((e) => `\n  ${e.field}: ${e.message}`).join('');
    throw new CliError(`${res.statusCode} ${problem.detail ?? res.statusMessage}${reasons}`);
  }
  return res;
}

function printJobs(jobs: AdminJob[]) {
  const rows = jobs.map((j) => [
    String(j.Job_id),
    j.IsOpen ? 'open' : 'closed',
    j.EffectiveFrom.slice(0, 16).replace('T', ' '),
    String(j.Applicants),
    j.JobCode,
    j.JobTitle,
  ]);
  printTable(['ID', 'STATE', 'EFFECTIVE (UTC)', 'APPLICANTS', 'CODE', 'TITLE'], rows);
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) {
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
  }
}

/** Erasure on request (docs/recruiters.md): counts are printed, the address is not. */
async function erase(cli: CliApp) {
  const email = values.email?.trim();
  if (!email || !email.includes('@')) throw new CliError('"applicants erase" needs --email E.');
  const { repos } = cli.app;
  // The audit row names the counts only: the address is the personal data being erased.
  const erased = await repos.applicants.eraseByEmail(email, { label: 'cli' }, cli.app.now());
  console.log(`Erased ${describeErasure(erased)} for that address.`);
}

async function run(cli: CliApp, command: string) {
  const jobs = '/api/admin/jobs';
  switch (command) {
    case 'list':
      printJobs((await call(cli, 'GET', jobs)).json() as AdminJob[]);
      return;
    case 'show':
      console.log(
        JSON.stringify((await call(cli, 'GET', `${jobs}/${idArgument()}`)).json(), null, 2),
      );
      return;
    case 'create': {
      const res = await call(cli, 'POST', jobs, jobBody());
      console.log(`Created opening ${(res.json() as { Job_id: number }).Job_id}.`);
      return;
    }
    case 'update':
    case 'open':
    case 'close': {
      const body = command === 'update' ? jobBody() : { IsOpen: command === 'open' };
      const res = await call(cli, 'PATCH', `${jobs}/${idArgument()}`, body);
      const job = res.json() as AdminJobDetail;
      console.log(`Opening ${job.Job_id} (${job.JobCode}) is ${job.IsOpen ? 'open' : 'closed'}.`);
      return;
    }
    case 'applicants': {
      if (positionals[1] === 'erase') {
        await erase(cli);
        return;
      }
      const id = idArgument();
      if (values.csv) {
        const res = await call(cli, 'GET', `${jobs}/${id}/applicants.csv`);
        if (values.out) fs.writeFileSync(values.out, res.body);
        else process.stdout.write(res.body);
        return;
      }
      const list = (await call(cli, 'GET', `${jobs}/${id}/applicants`)).json() as AdminApplicant[];
      console.log(JSON.stringify(list, null, 2));
      return;
    }
    case 'download': {
      const guid = positionals[1];
      if (!guid) throw new CliError('"download" needs an AttachmentGuid.');
      const res = await call(
        cli,
        'GET',
        `/api/Physical/DownloadAttachment?AttachmentGuid=${encodeURIComponent(guid)}`,
      );
      const disposition = String(res.headers['content-disposition'] ?? '');
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      // The stored name is metadata: only its last segment is ever used as a file name here.
      const stored = path.basename(encoded ? decodeURIComponent(encoded) : `${guid}.bin`);
      const target =
        values.out && fs.existsSync(values.out) && fs.statSync(values.out).isDirectory()
          ? path.join(values.out, stored)
          : (values.out ?? stored);
      fs.writeFileSync(target, res.rawPayload, { flag: 'wx' });
      console.log(`Saved ${res.rawPayload.length} bytes to ${target}.`);
      return;
    }
    default:
      throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

/** The whole of stdin, without the one line break `echo` adds. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Console accounts, straight on the database (there is no session here); audited as 'cli'. */
async function users(subcommand: string | undefined) {
  const config = cliConfig();
  const database = openDatabase(config);
  try {
    await prepareDatabase(database, { seedDemoData: false });
    const repos = createRepositories(database.db);
    if (subcommand === 'list') {
      const rows = (await repos.users.list()).map((u) => [
        String(u.id),
        u.role,
        u.isActive ? 'active' : 'deactivated',
        u.lastSignInAt ? u.lastSignInAt.slice(0, 16).replace('T', ' ') : '-',
        u.email,
        u.name,
      ]);
      printTable(['ID', 'ROLE', 'STATE', 'LAST SIGN-IN (UTC)', 'EMAIL', 'NAME'], rows);
      return;
    }
    if (subcommand === 'reset-second-factor') {
      await resetSecondFactorOf(repos, (values.email ?? '').trim().toLowerCase());
      return;
    }
    if (subcommand !== 'add') throw new CliError(`Unknown users command.\n\n${USAGE}`);
    const email = (values.email ?? '').trim().toLowerCase();
    const name = (values.name ?? '').trim();
    const role = userRoleSchema.safeParse(values.role);
    if (!/^[^\s@,]+@[^\s@,]+\.[^\s@,]{2,}$/.test(email)) {
      throw new CliError('--email needs an e-mail address.');
    }
    if (!name) throw new CliError("--name needs the person's name.");
    if (!role.success)
      throw new CliError(
        `--role must be ${userRoleSchema.options.join(', ').replace(/, (?=[^,]*$)/, ' or ')}.`,
      );
    if (!values['password-stdin']) {
      throw new CliError(
        'Give the password on stdin with --password-stdin (never as an argument).',
      );
    }
    const password = await readStdin();
    const problem = passwordProblem(password, { email, name });
    if (problem) throw new CliError(`The password ${problem}.`);
    const now = new Date();
    try {
      const passwordHash = await hashPassword(password);
      const user = await repos.changeAccounts(async (tx) => {
        const made = await tx.users.create({ email, name, role: role.data, passwordHash }, now);
        await tx.audit.record(
          {
            actor: { label: 'cli' },
            action: 'user-create',
            target: `user ${made.id}`,
            detail: `role ${made.role}`,
          },
          now,
        );
        return made;
      });
      console.log(`Added ${user.role} ${user.email} (user ${user.id}).`);
    } catch (error) {
      if (error instanceof EmailInUseError) {
        throw new CliError(`${email} already has an account; choose another e-mail address.`);
      }
      throw error;
    }
  } finally {
    await database.close();
  }
}

/** `users reset-second-factor`: a person locked out of their second step gets back in. */
async function resetSecondFactorOf(repos: ReturnType<typeof createRepositories>, email: string) {
  if (!email) throw new CliError('--email needs the e-mail address of the account.');
  const user = await repos.users.findForSignIn(email);
  if (!user) throw new CliError(`There is no account with the e-mail address ${email}.`);
  const had = await repos.secondFactors.secondFactorsOf(user.id);
  const ended = await repos.resetSecondFactor(user.id, { label: 'cli' }, new Date());
  console.log(
    `${had.totp ? 'Removed the authenticator app and recovery codes' : 'No authenticator app was on'} of user ${user.id}; ended ${ended ?? 0} sessions.`,
  );
}

/**
 * A restored copy holds what was true when it was made: sessions signed out and tokens revoked
 * since then are valid again, and mail queued then is sent again (some of it went already). Run before any
 * node starts on it (docs/operations.md, "Restore").
 */
async function afterRestore() {
  const config = cliConfig();
  const database = openDatabase(config);
  try {
    await prepareDatabase(database, { seedDemoData: false });
    const repos = createRepositories(database.db);
    const sessions = await repos.sessions.deleteAll();
    console.log(`Ended ${sessions} console sessions: everyone signs in again.`);
    const tokens = await repos.apiTokens.deleteAll();
    console.log(`Revoked ${tokens} personal API tokens: their owners make new ones.`);
    const feeds = await repos.calendarFeeds.deleteAll();
    console.log(`Revoked ${feeds} calendar feed links: their owners make new ones.`);
    if (values['drop-mail']) {
      console.log(`Dropped ${await repos.mail.dropPending()} queued mails.`);
    } else {
      const { pending } = await repos.mail.depth();
      console.log(
        `${pending} queued mails will be sent when a node starts; some may have been sent after the copy was made (--drop-mail drops them).`,
      );
    }
  } finally {
    await database.close();
  }
}

const command = positionals[0];
if (!command || values.help) {
  console.log(USAGE);
} else if (command === 'users') {
  try {
    await users(positionals[1]);
  } catch (error) {
    console.error(error instanceof CliError ? error.message : error);
    process.exitCode = 1;
  }
} else if (command === 'after-restore') {
  try {
    await afterRestore();
  } catch (error) {
    console.error(error instanceof CliError ? error.message : error);
    process.exitCode = 1;
  }
} else if (command === 'backup') {
  try {
    console.log(await backupDatabase(cliConfig(), values.out));
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : error);
    process.exitCode = 1;
  }
} else {
  const cli = await startCliApp();
  try {
    await run(cli, command);
  } catch (error) {
    console.error(error instanceof CliError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await cli.close();
  }
}
