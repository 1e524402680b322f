import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicantStage,
  PassThroughReport,
  RejectionReasonsReport,
  SourcesReport,
  TimeInStageReport,
  TimeToHireReport,
} from '@lumenfield/contract';
import { API_BASE_PATH, APPLICANT_STAGES, reportPaths } from '@lumenfield/contract';
import { createOpening } from '../../test/legacy/application';
import { consoleGet, consoleHeaders, createUser, openSession } from '../../test/console';
import { newApplication } from '../../test/applicants';
import { FORWARD, pick, random, stagePath, type NextStages } from '../../test/seeded-history';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { putOnTeam } from '../../test/hiring';
import { reportRange, reportsRepository } from '../../domains/pipeline/reports-repository';
import { erasureRepository } from '../../domains/applications/erasure-repository';
import type { Reach } from '../../domains/team/reach';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FROM = '2025-01-01';
const TO = '2025-03-31';
const START = Date.parse(`${FROM}T00:00:00Z`);

interface Step {
  stage: ApplicantStage;
  at: number;
  reason?: string | null;
}
interface Seeded {
  job: 'A' | 'B';
  source: string | null;
  applied: number;
  moves: Step[];
}

/** Where each stage may go next in the seeded history: back from Rejected, and from Hired. */
const NEXT: NextStages = {
  ...FORWARD,
  Rejected: [
    ['Screening', 2],
    ['stay', 8],
  ],
  Hired: [
    ['Offer', 1],
    ['stay', 9],
  ],
};

/** The history the test writes and computes from: 90 applicants in range, 3 outside it. */
function history(): { inRange: Seeded[]; outside: Seeded[] } {
  const rand = random(26);
  const sources = ['LinkedIn', 'Campus fair', null];
  const reasons = ['Skills', 'Salary', null];
  const person = (applied: number, index: number): Seeded => {
    const moves = stagePath(rand, NEXT, applied, (stage, at): Step =>
      stage === 'Rejected'
        ? {
            stage,
            at,
            reason: pick(
              rand,
              reasons.map((r) => [r, 1]),
            ),
          }
        : { stage, at },
    );
    return { job: index % 3 === 0 ? 'B' : 'A', source: sources[index % 3]!, applied, moves };
  };
  const inRange = Array.from({ length: 90 }, (_, i) =>
    person(START + Math.floor(rand() * 89 * 24) * HOUR + HOUR, i),
  );
  // The last hour of the range counts; the day before and the day after do not.
  inRange.push({ job: 'A', source: 'LinkedIn', applied: Date.parse(`${TO}T23:30:00Z`), moves: [] });
  const outside = [
    { job: 'A' as const, source: 'LinkedIn', applied: START - HOUR, moves: [] },
    {
      job: 'A' as const,
      source: null,
      applied: Date.parse('2025-04-01T00:00:00Z'),
      moves: [
        { stage: 'Screening' as const, at: Date.parse('2025-04-02T00:00:00Z') },
        { stage: 'Rejected' as const, at: Date.parse('2025-04-03T00:00:00Z'), reason: 'Skills' },
      ],
    },
  ];
  return { inRange, outside };
}

/** The expected figures, computed straight from the seeded steps. */
const FUNNEL: ApplicantStage[] = ['New', 'Screening', 'Interview', 'Offer', 'Hired'];
const WAITING: ApplicantStage[] = ['New', 'Screening', 'Interview', 'Offer'];
function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  const value = s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  return Math.round(value * 10) / 10;
}
const lastOf = (p: Seeded) =>
  p.moves[p.moves.length - 1] ?? { stage: 'New' as const, at: p.applied };
const furthestOf = (p: Seeded) =>
  Math.max(0, ...p.moves.map((m) => FUNNEL.indexOf(m.stage)).filter((i) => i >= 0));

describe(`reports (${engine})`, () => {
  let t: TestApp;
  let session: string;
  let complianceSession: string;
  let managerId: number;
  const emails: string[] = [];
  const jobs: Record<'A' | 'B', number> = { A: 0, B: 0 };
  const { inRange, outside } = history();

  const get = <T>(url: string, as = session) => consoleGet<T>(t, url, as);
  const reportUrl = (path: string, query = `from=${FROM}&to=${TO}`) =>
    `${API_BASE_PATH}${path}?${query}`;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t, 'ada@example.com', 'admin');
    session = await openSession(t, await createUser(t, 'rita@example.com'));
    complianceSession = await openSession(t, await createUser(t, 'cora@example.com', 'compliance'));
    jobs.A = await createOpening(t, 'REP-A');
    jobs.B = await createOpening(t, 'REP-B');
    managerId = (await createUser(t, 'hana@example.com', 'hiring_manager')).id;
    await putOnTeam(t, jobs.B, managerId, 'hiring_manager');
    const reasonIds = new Map<string, number>();
    for (const label of ['Skills', 'Salary']) {
      reasonIds.set(
        label,
        (await t.app.repos.messages.createReason(label, admin.id, new Date())).reasonId,
      );
    }
    let n = 0;
    for (const p of [...inRange, ...outside]) {
      n += 1;
      const jobId = jobs[p.job];
      const { applicantId } = await t.app.repos.applicants.create(
        {
          ...newApplication(
            jobId,
            {
              firstName: 'Report',
              lastName: `Person${n}`,
              email: emails[emails.push(`report.person${n}@example.com`) - 1]!,
            },
            1_000 + n,
          ),
          ...(p.source ? { arrival: { utmSource: p.source } } : {}),
        },
        new Date(p.applied),
      );
      for (const move of p.moves) {
        const reason = move.reason ? reasonIds.get(move.reason)! : null;
        await t.app.repos.pipeline.setStage(
          applicantId,
          move.stage,
          admin.id,
          new Date(move.at),
          reason,
        );
      }
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('the seeded history has every case the reports distinguish', () => {
    const last = inRange.map((p) => lastOf(p).stage);
    for (const stage of APPLICANT_STAGES) {
      expect(last, stage).toContain(stage);
    }
    // Reopened after a rejection, and a skipped stage.
    expect(
      inRange.some(
        (p) =>
          p.moves.findIndex((m) => m.stage === 'Rejected') < p.moves.length - 1 &&
          p.moves.some((m) => m.stage === 'Rejected'),
      ),
    ).toBe(true);
    expect(inRange.some((p) => p.moves[0]?.stage === 'Interview')).toBe(true);
  });

  it('time to hire: applied to the move into Hired, for those hired now', async () => {
    const { status, body } = await get<TimeToHireReport>(reportUrl(reportPaths['time-to-hire']));
    expect(status).toBe(200);
    const hired = inRange.filter((p) => lastOf(p).stage === 'Hired');
    const days = (p: Seeded) => (lastOf(p).at - p.applied) / DAY;
    expect(body.filter).toEqual({
      from: FROM,
      to: TO,
      jobId: null,
      jobTitle: null,
      applicants: inRange.length,
    });
    expect(body.hires).toBe(hired.length);
    expect(body.medianDays).toBe(medianOf(hired.map(days)));
    const bounds = [7, 14, 30, 60, 90, Infinity];
    expect(body.bands.map((b) => b.count)).toEqual(
      bounds.map(
        (upTo, i) => hired.filter((p) => days(p) > (bounds[i - 1] ?? -1) && days(p) <= upTo).length,
      ),
    );
    expect(body.bands.reduce((sum, b) => sum + b.count, 0)).toBe(hired.length);
    for (const job of ['A', 'B'] as const) {
      const mine = hired.filter((p) => p.job === job);
      expect(body.openings.find((o) => o.jobId === jobs[job])).toMatchObject({
        jobTitle: `Opening REP-${job}`,
        hires: mine.length,
        medianDays: medianOf(mine.map(days)),
      });
    }
  });

  it('time in stage: the median of the stays that ended, and who is in each stage now', async () => {
    const { body } = await get<TimeInStageReport>(reportUrl(reportPaths['time-in-stage']));
    for (const stage of WAITING) {
      const stays: number[] = [];
      let current = 0;
      for (const p of inRange) {
        const steps = [{ stage: 'New' as ApplicantStage, at: p.applied }, ...p.moves];
        steps.forEach((step, i) => {
          const next = steps[i + 1];
          if (step.stage !== stage) return;
          if (next) stays.push((next.at - step.at) / DAY);
          else current += 1;
        });
      }
      expect(
        body.stages.find((s) => s.stage === stage),
        stage,
      ).toEqual({
        stage,
        stays: stays.length,
        medianDays: medianOf(stays),
        current,
      });
    }
    expect(body.stages.map((s) => s.stage)).toEqual(WAITING);
  });

  it('pass-through by stage: reached (or went past) each stage, and moved on', async () => {
    const { body } = await get<PassThroughReport>(reportUrl(reportPaths['pass-through']));
    const reached = FUNNEL.map((_, k) => inRange.filter((p) => furthestOf(p) >= k).length);
    expect(reached[0]).toBe(inRange.length);
    expect(body.stages).toEqual(
      FUNNEL.map((stage, k) => ({
        stage,
        reached: reached[k],
        movedOn: k < 4 ? reached[k + 1] : null,
        percentMovedOn: k < 4 ? Math.round((reached[k + 1]! / reached[k]!) * 1000) / 10 : null,
      })),
    );
  });

  it('pass-through by source: the same funnel per source credited at applying', async () => {
    const { body } = await get<SourcesReport>(reportUrl(reportPaths.sources));
    const names = ['LinkedIn', 'Campus fair', null];
    expect(body.sources.map((s) => s.source).sort()).toEqual([...names].sort());
    for (const name of names) {
      const mine = inRange.filter((p) => p.source === name);
      expect(
        body.sources.find((s) => s.source === name),
        String(name),
      ).toEqual({
        source: name,
        applicants: mine.length,
        reached: FUNNEL.slice(1).map((stage, k) => ({
          stage,
          count: mine.filter((p) => furthestOf(p) >= k + 1).length,
        })),
      });
    }
    // Most applicants first.
    const counts = body.sources.map((s) => s.applicants);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('rejection reasons: those rejected now, by the reason given with that rejection', async () => {
    const { body } = await get<RejectionReasonsReport>(reportUrl(reportPaths['rejection-reasons']));
    const rejected = inRange.filter((p) => lastOf(p).stage === 'Rejected');
    expect(body.rejected).toBe(rejected.length);
    for (const reason of ['Skills', 'Salary', null]) {
      expect(
        body.reasons.find((r) => r.reason === reason),
        String(reason),
      ).toEqual({
        reason,
        retired: false,
        count: rejected.filter((p) => (lastOf(p).reason ?? null) === reason).length,
      });
    }
    expect(body.reasons).toHaveLength(3);
  });

  it('one opening: only its applicants, and its title in the filter', async () => {
    const { body } = await get<PassThroughReport>(
      reportUrl(reportPaths['pass-through'], `from=${FROM}&to=${TO}&jobId=${jobs.B}`),
    );
    const mine = inRange.filter((p) => p.job === 'B');
    expect(body.filter).toMatchObject({
      jobId: jobs.B,
      jobTitle: 'Opening REP-B',
      applicants: mine.length,
    });
    expect(body.stages.map((s) => s.reached)).toEqual(
      FUNNEL.map((_, k) => mine.filter((p) => furthestOf(p) >= k).length),
    );
    const missing = await get(reportUrl(reportPaths['pass-through'], `jobId=999999`));
    expect(missing.status).toBe(404);
  });

  it('the range takes whole UTC days; without dates, the last 90 days; a reversed range is refused', async () => {
    const wide = await get<PassThroughReport>(
      reportUrl(reportPaths['pass-through'], 'from=2024-12-31&to=2025-04-01'),
    );
    expect(wide.body.filter.applicants).toBe(inRange.length + outside.length);
    const none = await get<PassThroughReport>(reportUrl(reportPaths['pass-through'], ''));
    const today = new Date().toISOString().slice(0, 10);
    expect(none.body.filter.to).toBe(today);
    expect(Date.parse(none.body.filter.to) - Date.parse(none.body.filter.from)).toBe(89 * DAY);
    const reversed = await get(reportUrl(reportPaths['pass-through'], `from=${TO}&to=${FROM}`));
    expect(reversed.status).toBe(400);
  });

  it('a far-future end counts everyone from the start (to 9999-12-31 included); a date past 9999 or before the year 1 is 400 naming its field', async () => {
    const everyone = inRange.length + outside.length;
    for (const path of Object.values(reportPaths)) {
      const [near, far] = await Promise.all(
        ['2099-12-31', '9999-12-31'].map((to) =>
          get<PassThroughReport>(reportUrl(path, `from=2024-12-31&to=${to}`)),
        ),
      );
      expect([near!.status, far!.status], path).toEqual([200, 200]);
      expect(far!.body.filter.applicants, path).toBe(everyone);
      // Every figure the same as with an end in this century.
      expect({ ...far!.body, filter: { ...far!.body.filter, to: '2099-12-31' } }, path).toEqual(
        near!.body,
      );
    }
    // The last day itself, and a default start 90 days before it.
    const last = await get<PassThroughReport>(
      reportUrl(reportPaths['pass-through'], 'to=9999-12-31'),
    );
    expect(last.status).toBe(200);
    expect(last.body.filter).toMatchObject({ from: '9999-10-03', to: '9999-12-31', applicants: 0 });
    const first = await get<PassThroughReport>(
      reportUrl(reportPaths['pass-through'], 'to=0001-01-05'),
    );
    expect(first.status).toBe(200);
    expect(first.body.filter).toMatchObject({ from: '0001-01-01', to: '0001-01-05' });
    for (const [query, field] of [
      ['from=2025-01-01&to=10000-01-01', 'to'],
      ['from=0000-01-01&to=2025-01-01', 'from'],
      ['from=2025-01-01&to=+010000-01-01', 'to'],
    ] as const) {
      for (const path of [reportPaths['pass-through'], `${reportPaths['pass-through']}.csv`]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${API_BASE_PATH}${path}?${query}`,
          headers: consoleHeaders(t, session),
        });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(
          (res.json() as { errors: { field: string }[] }).errors.map((e) => e.field),
          query,
        ).toEqual([field]);
      }
    }
  });

  it('each report as CSV: the table under plain headings, a file name that says its filter', async () => {
    const { status, res } = await get(
      `${reportUrl(`${reportPaths['pass-through']}.csv`)}&jobId=${jobs.A}`,
    );
    expect(status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pass-through_${FROM}_to_${TO}_opening-${jobs.A}.csv"`,
    );
    const mine = inRange.filter((p) => p.job === 'A');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Stage","Reached","Moved on","Moved on (%)"');
    expect(lines[1]).toMatch(new RegExp(`^"New","${mine.length}",`));
    for (const kind of ['time-to-hire', 'time-in-stage', 'sources', 'rejection-reasons'] as const) {
      const csv = await get(reportUrl(`${reportPaths[kind]}.csv`));
      expect(csv.status, kind).toBe(200);
      expect(csv.res.headers['content-disposition']).toContain(
        `${kind}_${FROM}_to_${TO}_all-openings.csv`,
      );
    }
    const hires = await get(reportUrl(`${reportPaths['time-to-hire']}.csv`));
    const hired = inRange.filter((p) => lastOf(p).stage === 'Hired');
    expect(hires.res.body).toContain(`"All openings","","${hired.length}",`);
    const reasons = await get(reportUrl(`${reportPaths['rejection-reasons']}.csv`));
    expect(reasons.res.body).toContain('"No reason given"');
  });

  it('the compliance role sees no report (403), and a stranger none (401)', async () => {
    for (const kind of ['time-to-hire', 'sources'] as const) {
      expect((await get(reportUrl(reportPaths[kind]), complianceSession)).status).toBe(403);
      expect((await get(reportUrl(`${reportPaths[kind]}.csv`), complianceSession)).status).toBe(
        403,
      );
      const stranger = await t.app.inject({
        method: 'GET',
        url: reportUrl(reportPaths[kind]),
        headers: t.headers(),
      });
      expect(stranger.statusCode).toBe(401);
    }
  });

  /**
   * The reports the aggregates answer (the applicants a filter covers, pass-through, sources,
   * rejection reasons, time to hire) against the same reports counted from the histories, as they were before
   * the aggregates: every reach by opening, one opening, the whole range, edges and none.
   */
  const sameAsHistories = async (label: string) => {
    const db = t.db.handle.db;
    const kept = reportsRepository(db);
    const counted = reportsRepository(db, { aggregates: false });
    const reaches: Reach[] = [
      { kind: 'all' },
      { kind: 'openings', userId: managerId },
      // Someone who manages no opening.
      { kind: 'openings', userId: 999_999 },
    ];
    const queries = [
      { from: FROM, to: TO },
      { from: FROM, to: TO, jobId: jobs.A },
      { from: FROM, to: TO, jobId: jobs.B },
      { from: '2024-12-31', to: '2025-04-01' },
      { from: '2025-02-01', to: '2025-02-14' },
      { from: TO, to: TO },
      { from: '2024-12-31', to: '9999-12-31' },
      { from: '2026-01-01', to: '2026-12-31' },
    ];
    let compared = 0;
    for (const reach of reaches) {
      for (const query of queries) {
        const range = reportRange(query, new Date());
        const where = `${label}: ${JSON.stringify({ reach, query })}`;
        const filter = await counted.filter(range, reach).catch(() => null);
        if (filter === null) {
          await expect(kept.filter(range, reach), where).rejects.toThrow();
          continue;
        }
        expect(await kept.filter(range, reach), where).toEqual(filter);
        for (const report of [
          'passThrough',
          'sources',
          'rejectionReasons',
          'timeToHire',
        ] as const) {
          expect(await kept[report](filter, reach), `${where} ${report}`).toEqual(
            await counted[report](filter, reach),
          );
        }
        compared += 1;
      }
    }
    // An opening out of reach is refused on both paths: A for B's manager, both for no one's.
    expect(compared).toBe(queries.length * reaches.length - 3);
  };

  it('the aggregates give the figures the histories give, for every reach by opening', async () => {
    await sameAsHistories('seeded');
  });

  // Last: it erases some of the seeded applicants.
  it('after an erasure the aggregates no longer count the erased, as the histories do not', async () => {
    const erasure = erasureRepository(t.db.handle.db);
    const range = reportRange({ from: FROM, to: TO }, new Date());
    const before = await t.app.repos.reports.filter(range, { kind: 'all' });
    // The first hired, rejected with a reason, still New and reopened, and a few more.
    const firstWhere = (test: (p: Seeded) => boolean) => inRange.findIndex(test);
    const picked = new Set([
      firstWhere((p) => lastOf(p).stage === 'Hired'),
      firstWhere((p) => lastOf(p).stage === 'Rejected' && Boolean(lastOf(p).reason)),
      firstWhere((p) => p.moves.length === 0),
      firstWhere((p) => p.moves.slice(0, -1).some((m) => m.stage === 'Rejected')),
      3,
      10,
      40,
    ]);
    expect(picked.has(-1)).toBe(false);
    const erased = [...picked].map((i) => emails[i]!);
    for (const email of erased) {
      expect((await erasure.eraseByEmail(email, { label: 'cli' }, new Date())).applicants).toBe(1);
    }
    expect((await t.app.repos.reports.filter(range, { kind: 'all' })).applicants).toBe(
      before.applicants - erased.length,
    );
    await sameAsHistories('after erasure');
  });
});
