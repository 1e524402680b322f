// bench/growth's data: a large employer's database, seeded straight into the product's schema
// with SQL (INSERT ... SELECT over a series, each engine's own), so a million applicants take
// minutes, not the hours the HTTP API would. The openings, the admin, the token, the sources
// and the rejection reasons go through the server's own repositories; the applicants, their
// resumes, stage histories and notes are drawn from each applicant's number by fixed hashes,
// so every run seeds the same data.
import { sql } from 'kysely';
import { foldForSearch } from '../../apps/server/src/lib/search-text.ts';
import { fillReportAggregates } from '../../apps/server/src/db/migrations/0038-report-aggregates.ts';
import { fillReportStays } from '../../apps/server/src/db/migrations/0041-report-stays.ts';
import {
  apiTokensRepository,
  mintApiToken,
} from '../../apps/server/src/domains/accounts/api-tokens-repository.ts';

const DAY = 86_400;
/** The openings: about 300, 50 of them open; the first is the one with the most applicants. */
export const OPENINGS = 300;
const OPEN = 50;
/** The last openings closed long ago: their applicants are past the retention period. */
const EXPIRED = 3;
/** How many applicants the retention run finds at 1 M (fewer on a smaller database). */
export const RETENTION_APPLICANTS = 3_600;

const FIRST = [
  'Aarav',
  'Abebe',
  'Ada',
  'Aiko',
  'Akira',
  'Alejandro',
  'Amara',
  'Ana',
  'Anders',
  'Ángel',
  'Anika',
  'Arjun',
  'Astrid',
  'Bao',
  'Bruno',
  'Camila',
  'Chen',
  'Chiara',
  'Dara',
  'David',
  'Diego',
  'Elif',
  'Emeka',
  'Emma',
  'Fatima',
  'Felix',
  'Grace',
  'Hana',
  'Hiroshi',
  'Ines',
  'Ivan',
  'Jamal',
  'Jia',
  'Joao',
  'Jonas',
  'Kavya',
  'Kenji',
  'Kofi',
  'Lars',
  'Layla',
  'Leila',
  'Lucas',
  'Maria',
  'Mateo',
  'Mei',
  'Mohammed',
  'Nadia',
  'Nikhil',
  'Nina',
  'Noah',
  'Olga',
  'Omar',
  'Priya',
  'Rahul',
  'Rosa',
  'Sara',
  'Sofia',
  'Tariq',
  'Yusuf',
  'Zanele',
];
const ROOTS = [
  'Ander',
  'Bala',
  'Chand',
  'Dav',
  'Ek',
  'Fern',
  'Gar',
  'Hol',
  'Iyen',
  'Jos',
  'Kar',
  'Lind',
  'Mor',
  'Nak',
  'Oko',
  'Per',
  'Quin',
  'Ros',
  'Sub',
  'Tan',
  'Umar',
  'Vel',
  'Wat',
  'Xav',
  'Yam',
  'Zel',
];
const ENDINGS = [
  'son',
  'ez',
  'ova',
  'ani',
  'berg',
  'kar',
  'ley',
  'ura',
  'ski',
  'man',
  'ian',
  'etti',
  'strom',
  'ah',
  'ino',
  'dottir',
  'ford',
  'oglu',
  'wala',
  'sen',
];
/** 520 surnames: a surname is shared by about one applicant in 500. */
const LAST = ROOTS.flatMap((root) => ENDINGS.map((ending) => root + ending));
const CITIES = [
  'Pune',
  'Austin',
  'Manila',
  'Berlin',
  'Lagos',
  'Toronto',
  'Krakow',
  'Cebu',
  'Hyderabad',
  'Denver',
];
const DOMAINS = ['example.com', 'mail.example.org', 'example.net', 'inbox.example', 'post.example'];
const ROLES = [
  'Java Developer',
  'Data Engineer',
  'Frontend Engineer',
  'QA Analyst',
  'DevOps Engineer',
  'Business Analyst',
  'Project Manager',
  'SAP Consultant',
  'Scrum Master',
  'Cloud Architect',
  'Support Engineer',
  'Salesforce Developer',
];
/** Sources credited at applying (null: none), each name with how it was found. */
const SOURCES = [
  ['LinkedIn', 'job-board', 'utm'],
  ['Indeed', 'job-board', 'utm'],
  ['Referral', 'referral', 'heard'],
  ['Campus fair', 'event', 'link'],
  ['Newsletter', 'other', 'link'],
  ['Company site', 'other', 'referrer'],
  ['Meetup', 'event', 'heard'],
  ['Stack Overflow', 'job-board', 'utm'],
  [null],
  [null],
];
/**
 * Stage histories by a hundredth of the applicants: the stages each moved through after New
 * (none: still New). A fifth still new, a third rejected, about one in eleven hired.
 */
const PATHS = [
  [20, []],
  [15, ['Screening']],
  [10, ['Rejected']],
  [13, ['Screening', 'Interview']],
  [10, ['Screening', 'Rejected']],
  [5, ['Screening', 'Withdrawn']],
  [8, ['Screening', 'Interview', 'Rejected']],
  [6, ['Screening', 'Interview', 'Offer']],
  [9, ['Screening', 'Interview', 'Offer', 'Hired']],
  [4, ['Screening', 'Interview', 'Offer', 'Rejected']],
];
const QUESTIONS = [
  {
    key: 'years',
    label: 'Years of experience with the stack',
    type: 'single_select',
    required: true,
    options: ['0-2', '3-5', '6+'],
    knockout: ['0-2'],
  },
  { key: 'relocate', label: 'Can you relocate?', type: 'yes_no', required: true, knockout: ['No'] },
];

/** What differs between the engines' SQL: the series, instants, bytes, hexadecimal. */
function dialectOf(engine) {
  if (engine === 'postgres') {
    return {
      series: (n) => ({ with: '', from: `generate_series(1::bigint, ${n}) as s(i)` }),
      at: (epochSeconds) => `to_timestamp(${epochSeconds})`,
      bytes: (hex) => `decode('${hex}', 'hex')`,
      hex: (expr, width) => `lpad(to_hex(${expr}), ${width}, '0')`,
    };
  }
  return {
    series: (n) => ({
      with: `with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n})`,
      from: 's',
    }),
    at: (epochSeconds) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${epochSeconds}, 'unixepoch')`,
    bytes: (hex) => `x'${hex}'`,
    hex: (expr, width) => `printf('%0${width}x', ${expr})`,
  };
}

/** The k-th fixed draw for applicant s.i, in [0, 1000003). */
const draw = (k) =>
  `((s.i * ${[2654435761, 40503, 97, 69069, 1103515245, 134775813, 22695477, 1664525][k]} + ${k * 7919}) % 1000003)`;

const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;

async function smallTable(db, name, columns, rows) {
  await sql.raw(`drop table if exists ${name}`).execute(db);
  await sql.raw(`create table ${name} (${columns})`).execute(db);
  for (let start = 0; start < rows.length; start += 200) {
    const values = rows
      .slice(start, start + 200)
      .map(
        (row) =>
          `(${row.map((v) => (v === null ? 'null' : typeof v === 'number' ? v : quote(v))).join(', ')})`,
      )
      .join(', ');
    await sql.raw(`insert into ${name} values ${values}`).execute(db);
  }
}

/**
 * Seeds `size` applicants into a freshly migrated database: answers what the reads need (the
 * largest opening, the middle applicant, a surname, an e-mail fragment, the token's secret).
 */
export async function seedGrowth(db, repos, engine, size, { now, log }) {
  const d = dialectOf(engine);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const step = async (label, work) => {
    const started = performance.now();
    await work();
    log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  // Through the server's own code: the admin, their token, the openings, sources and reasons.
  const admin = await repos.users.create(
    { email: 'growth-admin@example.com', name: 'Growth Admin', role: 'admin', passwordHash: 'x' },
    now,
  );
  const { secret, hash } = mintApiToken();
  // The repositories hand out no create (a token is made under its owner's lock, in the
  // console's route); nothing else writes here yet.
  await apiTokensRepository(db).create(admin.id, 'bench:growth', hash, now);
  const jobIds = [];
  for (let n = 0; n < OPENINGS; n++) {
    const open = n < OPEN;
    // Closed ones within the retention period, but for the last few, closed 500 days ago.
    const closedDaysAgo = n >= OPENINGS - EXPIRED ? 500 : 1 + ((n * 37) % 300);
    jobIds.push(
      await repos.jobs.create(
        {
          code: `GROWTH-${n}`,
          title: `${ROLES[n % ROLES.length]} ${n}`,
          location: `${CITIES[n % CITIES.length]}`,
          descriptionHtml: '<p>A role on a client project.</p>',
          effectiveFrom: new Date((nowSeconds - 800 * DAY) * 1000).toISOString(),
          recruitmentManagers: 'Rahul Menon',
          contactPersons: 'Priya Raman',
          contactEmails: 'priya.raman@example.com',
          isOpen: open,
          questions: QUESTIONS,
        },
        open ? now : new Date((nowSeconds - closedDaysAgo * DAY) * 1000),
      ),
    );
  }
  const existing = new Map(
    (await db.selectFrom('sources').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
  );
  for (const [name, kind] of SOURCES) {
    if (name && !existing.has(name)) {
      const row = await db
        .insertInto('sources')
        .values({ name, kind, createdAt: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      existing.set(name, row.id);
    }
  }
  let reasonIds = (await db.selectFrom('rejectionReasons').select('id').execute()).map((r) => r.id);
  if (reasonIds.length === 0) {
    for (const label of ['Skills', 'Experience', 'Salary', 'Location', 'Position filled']) {
      reasonIds.push((await repos.messages.createReason(label, admin.id, now)).reasonId);
    }
  }
  const state = await db
    .selectFrom('states')
    .select(['value', 'countryValue'])
    .orderBy('value')
    .executeTakeFirstOrThrow();

  // Small lookup tables the bulk inserts join to, dropped after.
  await smallTable(
    db,
    'growth_first',
    'n integer primary key, name varchar(40), folded varchar(40)',
    FIRST.map((v, n) => [n, v, foldForSearch(v)]),
  );
  await smallTable(
    db,
    'growth_last',
    'n integer primary key, name varchar(40), folded varchar(40)',
    LAST.map((v, n) => [n, v, foldForSearch(v)]),
  );
  await smallTable(
    db,
    'growth_city',
    'n integer primary key, name varchar(40), folded varchar(40)',
    CITIES.map((v, n) => [n, v, foldForSearch(v)]),
  );
  await smallTable(
    db,
    'growth_domain',
    'n integer primary key, name varchar(40)',
    DOMAINS.map((v, n) => [n, v]),
  );
  await smallTable(
    db,
    'growth_job',
    'n integer primary key, job_id integer',
    jobIds.map((v, n) => [n, v]),
  );
  await smallTable(
    db,
    'growth_source',
    'n integer primary key, source_id integer, name varchar(40), via varchar(20)',
    SOURCES.map(([name, , via], n) => [
      n,
      name ? existing.get(name) : null,
      name ?? null,
      via ?? null,
    ]),
  );
  await smallTable(
    db,
    'growth_reason',
    'n integer primary key, reason_id integer',
    reasonIds.map((v, n) => [n, v]),
  );
  const buckets = PATHS.flatMap(([weight, path]) => Array.from({ length: weight }, () => path));
  await smallTable(
    db,
    'growth_path',
    'bucket integer, step integer, stage varchar(20), primary key (bucket, step)',
    buckets.flatMap((path, bucket) => path.map((stage, k) => [bucket, k + 1, stage])),
  );
  await smallTable(
    db,
    'growth_final',
    'bucket integer primary key, stage varchar(20)',
    buckets.map((path, bucket) => [bucket, path.at(-1) ?? 'New']),
  );

  const retention = Math.min(RETENTION_APPLICANTS, Math.round(size * 0.036));
  // Applied: the expired openings' applicants 500 to 700 days ago; the rest over the two years
  // before the last 45 days (their stage moves, up to 4 x 11 days later, are all in the past).
  // A day drawn over the span, and a second of that day: a draw is under 1 000 003 (about 11.6
  // days in seconds), so it spreads the days, not the seconds.
  const within = (days) => `((${draw(1)} % ${days}) * ${DAY} + (${draw(1)} * 7) % ${DAY})`;
  const applied = `(case when s.i <= ${retention}
      then ${nowSeconds - 500 * DAY} - ${within(200)}
      else ${nowSeconds - 45 * DAY} - ${within(685)} end)`;
  // One applicant in 20 applies to the first opening; the rest spread over the others.
  const jobN = `(case when s.i <= ${retention} then ${OPENINGS - EXPIRED} + s.i % ${EXPIRED}
      when s.i % 20 = 0 then 0 else ${draw(2)} % ${OPENINGS - EXPIRED} end)`;
  const years = `(case ${draw(5)} % 3 when 0 then '0-2' when 1 then '3-5' else '6+' end)`;
  const relocate = `(case when ${draw(6)} % 4 = 0 then 'No' else 'Yes' end)`;
  const series = d.series(size);

  await step(`applicants (${size})`, () =>
    sql
      .raw(
        `insert into applicants (id, job_id, first_name, last_name, email, email_key,
          mobile_number, phone_e164, city, country_id, state_id, applied_on, source_id,
          source_name, source_via, answers, knockouts, current_stage, search_text)
        ${series.with}
        select s.i, j.job_id, f.name, l.name,
          lower(f.name) || '.' || lower(l.name) || s.i || '@' || dm.name,
          lower(f.name) || '.' || lower(l.name) || s.i || '@' || dm.name,
          '+91' || (9000000000 + s.i), '+91' || (9000000000 + s.i),
          c.name, ${state.countryValue}, ${state.value}, ${d.at(applied)},
          src.source_id, src.name, src.via,
          '[{"key":"years","label":"Years of experience with the stack","type":"single_select","options":["0-2","3-5","6+"],"value":"' || ${years} || '","doesNotMeet":' || (case when ${years} = '0-2' then 'true' else 'false' end) || '},'
            || '{"key":"relocate","label":"Can you relocate?","type":"yes_no","options":["Yes","No"],"value":"' || ${relocate} || '","doesNotMeet":' || (case when ${relocate} = 'No' then 'true' else 'false' end) || '}]',
          (case when ${years} = '0-2' then 1 else 0 end) + (case when ${relocate} = 'No' then 1 else 0 end),
          fin.stage,
          -- As the app stores it (lib/search-text.ts): each field folded by the app's own
          -- function (the small tables' folded names), space-separated; the e-mail's folding
          -- is its parts' (the domains are plain lower-case letters already).
          f.folded || ' ' || l.folded || ' '
            || f.folded || '.' || l.folded || s.i || '@' || dm.name || ' ' || c.folded
        from ${series.from}
        join growth_job j on j.n = ${jobN}
        join growth_first f on f.n = ${draw(3)} % ${FIRST.length}
        join growth_last l on l.n = ${draw(4)} % ${LAST.length}
        join growth_city c on c.n = ${draw(7)} % ${CITIES.length}
        join growth_domain dm on dm.n = ${draw(0)} % ${DOMAINS.length}
        join growth_source src on src.n = (${draw(5)} / 3) % ${SOURCES.length}
        join growth_final fin on fin.bucket = ${draw(0)} % 100`,
      )
      .execute(db),
  );
  if (engine === 'postgres') {
    await sql.raw(`select setval(pg_get_serial_sequence('applicants', 'id'), ${size})`).execute(db);
  }
  await step('resumes', () =>
    sql
      .raw(
        `insert into attachments (id, applicant_id, original_name, kind, mime_type, size_bytes,
          sha256, content, created_at)
        ${series.with}
        select ${d.hex('s.i', 8)} || '-0000-4000-8000-' || ${d.hex('s.i', 12)}, s.i,
          'resume.pdf', 'pdf', 'application/pdf', 24,
          ${d.hex('s.i', 64)},
          ${d.bytes('255044462d312e340a25e2e3cfd30a747261696c65720a')}, ${d.at(applied)}
        from ${series.from}`,
      )
      .execute(db),
  );
  // Each resume its own digest: the same digest would make every applicant a duplicate of
  // every other (duplicates.ts matches resumes by it).
  // Each move 1 to 10 days (and an hour) after the one before; a rejection with a reason
  // (85 %); in order, so the latest row of each history has the highest id.
  await step('stage histories', () =>
    sql
      .raw(
        `insert into applicant_stages (applicant_id, stage, changed_at, changed_by_user_id,
          rejection_reason_id)
        ${series.with}
        select s.i, p.stage,
          ${d.at(`${applied} + p.step * ((1 + ${draw(3)} % 10) * ${DAY} + 3600)`)},
          ${admin.id},
          (case when p.stage = 'Rejected' and ${draw(4)} % 100 < 85 then r.reason_id end)
        from ${series.from}
        join growth_path p on p.bucket = ${draw(0)} % 100
        join growth_reason r on r.n = ${draw(5)} % ${reasonIds.length}
        order by s.i, p.step`,
      )
      .execute(db),
  );
  await step('notes', async () => {
    for (const [when, text, which] of [
      [DAY, 'Phone screen: strong on the core stack, wants a hybrid role.', '< 3'],
      [2 * DAY, 'Asked for references; salary expectation noted in the call.', '= 0'],
    ]) {
      await sql
        .raw(
          `insert into applicant_notes (applicant_id, author_user_id, created_at, text)
          ${series.with}
          select s.i, ${admin.id}, ${d.at(`${applied} + ${when}`)}, ${quote(text)}
          from ${series.from}
          where ${draw(6)} % 10 ${which}`,
        )
        .execute(db);
    }
  });
  for (const table of [
    'first',
    'last',
    'city',
    'domain',
    'job',
    'source',
    'reason',
    'path',
    'final',
  ]) {
    await sql.raw(`drop table growth_${table}`).execute(db);
  }
  // The report aggregates, as the app keeps them and the migrations fill them over existing
  // applicants: the seed wrote applicants and histories with SQL, past the app's writers.
  await step('report aggregates', () => fillReportAggregates(db));
  await step('report stays', () => fillReportStays(db));
  // Fresh statistics and visibility, as autovacuum keeps them on a database that grew.
  if (engine === 'postgres') await step('vacuum analyze', () => sql`vacuum analyze`.execute(db));

  const count = async (table) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = {
    applicants: await count('applicants'),
    stageRows: await count('applicantStages'),
    notes: await count('applicantNotes'),
  };
  if (size <= 100_000) {
    // The stored stage is the latest history row's, as the one writer keeps it.
    const { n } = await sql`
      select count(*) as n from applicants a
      where a.current_stage <> coalesce((select s.stage from applicant_stages s
        where s.applicant_id = a.id order by s.id desc limit 1), 'New')`
      .execute(db)
      .then((r) => r.rows[0]);
    if (Number(n) !== 0) throw new Error(`${n} applicants' current_stage is not their latest`);
  }
  // Every applicant counted once in the report aggregates, under every opening (job_id 0).
  const { counted } = await sql`
    select sum(applicants) as counted from report_funnel_days where job_id = 0`
    .execute(db)
    .then((r) => r.rows[0]);
  if (Number(counted) !== rows.applicants) {
    throw new Error(`the report aggregates count ${counted} of ${rows.applicants} applicants`);
  }
  const largest = await db
    .selectFrom('applicants')
    .select(['jobId', (eb) => eb.fn.countAll().as('n')])
    .groupBy('jobId')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const middle = await db
    .selectFrom('applicants')
    .select(['id', 'email', 'lastName'])
    .orderBy('appliedOn', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(size / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    token: secret,
    retention,
    rows,
    largestJobId: largest.jobId,
    largestJobApplicants: Number(largest.n),
    middleId: middle.id,
    surname: middle.lastName,
    // The address's name and number, as a recruiter pastes part of it ("nakkar12345").
    emailFragment: middle.email.slice(middle.email.indexOf('.') + 1, middle.email.indexOf('@')),
  };
}
