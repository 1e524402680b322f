import type { Page } from '@playwright/test';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '../../packages/contract/src/index';
import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shots';
import { inLetters, seedApplicants } from '../support/seed-applicants';

/**
 * Reports (docs/recruiters.md, "Reports"): 24 applicants to one opening, each taken along a path
 * of stage moves and rejections through the console's API, and four interviews with two
 * scorecards; every report's table on the Reports screen must say what the test works out from
 * those paths and interviews itself. The server suite checks the
 * durations on a history with set dates; here every move is seconds old, so the medians are 0.
 */

type Step = 'Screening' | 'Interview' | 'Offer' | 'Hired' | 'Rejected: Skills' | 'Rejected: Salary';
/** How many applicants take each path (in this order), from New. */
const PATHS: [number, Step[]][] = [
  [4, []],
  [4, ['Screening']],
  [2, ['Screening', 'Rejected: Skills']],
  [2, ['Rejected: Salary']],
  [3, ['Screening', 'Interview']],
  [1, ['Screening', 'Interview', 'Rejected: Skills']],
  [2, ['Screening', 'Interview', 'Offer']],
  [3, ['Screening', 'Interview', 'Offer', 'Hired']],
  [1, ['Interview', 'Offer', 'Hired']],
  [2, ['Screening', 'Rejected: Skills', 'Screening']],
];
const FUNNEL = ['New', 'Screening', 'Interview', 'Offer', 'Hired'];

const stageOf = (step: Step | undefined) => (step ?? 'New').replace(/:.*/, '');

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Midnight (UTC) `days` days before today. */
const daysAgo = (days: number) => Math.floor(Date.now() / DAY) * DAY - days * DAY;
/** The Monday of `ms`'s week (UTC). */
const mondayOf = (ms: number) => {
  const day = Math.floor(ms / DAY) * DAY;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
};
/** The ISO week a Monday starts: week 1 holds the year's first Thursday. */
const isoWeek = (monday: number) => {
  const thursday = new Date(monday + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const dayOfYear = (thursday.getTime() - Date.UTC(year, 0, 1)) / DAY;
  return `${year}-W${String(Math.floor(dayOfYear / 7) + 1).padStart(2, '0')}`;
};
const weekRow = (monday: number, held: number, cancelled: number) => [
  `Week of ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(monday)} ${isoWeek(monday)}`,
  String(held),
  String(cancelled),
];

/** The rows of the table a caption names, as their cells' text. */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption, exact: true });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) =>
          (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );
}

test.describe('reports', () => {
  test.describe.configure({ timeout: 240_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('each report’s table says what the seeded paths work out to; charts, CSV, axe', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const code = `REP-${suffix}`.slice(0, 20);
    const jobId = await adminApi(base).createOpening({
      JobCode: code,
      JobTitle: 'Reports Analyst',
    });
    const page = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/reports', { width: 1440 });
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE_NAME)!;
    const headers = { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE, [XSRF_HEADER_NAME]: xsrf.value };

    // "Referred by" answers: one names a source (in its own spelling), one a person, one none.
    const jobFair = `Job fair ${suffix}`;
    const made = await page.request.post('/api/recruiters/sources', {
      headers,
      data: { name: jobFair, kind: 'event' },
    });
    expect(made.status()).toBe(201);
    const answers = [jobFair.toUpperCase(), 'Priya Raman', ''];
    const creditOf = { [answers[0]!]: jobFair, 'Priya Raman': 'Referral', '': 'No source' };
    const paths = PATHS.flatMap(([count, path]) => Array.from({ length: count }, () => path));
    const sourceOf = (index: number) => answers[index % answers.length]!;
    const ids = await seedApplicants(
      base,
      jobId,
      paths.length,
      `Report${inLetters(Date.now() % 1e9)}`,
      sourceOf,
    );
    const reasonIds: Record<string, number> = {};
    for (const label of ['Skills', 'Salary']) {
      const made = await page.request.post('/api/recruiters/rejection-reasons', {
        headers,
        data: { label: `${label} ${suffix}` },
      });
      expect(made.status()).toBe(201);
      reasonIds[label] = ((await made.json()) as { reasonId: number }).reasonId;
    }
    // Each applicant's path in order; several applicants at a time.
    const walk = async (id: number, path: Step[]) => {
      for (const step of path) {
        const [stage, reason] = step.split(': ');
        const res = reason
          ? await page.request.post(`/api/recruiters/applicants/${id}/rejection`, {
              headers,
              data: { reasonId: reasonIds[reason], templateId: null },
            })
          : await page.request.put(`/api/recruiters/applicants/${id}/stage`, {
              headers,
              data: { stage },
            });
        expect(res.ok(), `${id} to ${step}: ${res.status()}`).toBe(true);
      }
    };
    for (let start = 0; start < ids.length; start += 6) {
      await Promise.all(ids.slice(start, start + 6).map((id, k) => walk(id, paths[start + k]!)));
    }

    // Interviews (the admin interviews): two held nine days ago with their scorecards in, one
    // held two days ago without one (missing), one cancelled; the plan's kit rates SQL.
    const me = (
      (await (await page.request.get('/api/recruiters/session', { headers })).json()) as {
        user: { userId: number };
      }
    ).user.userId;
    const plan = await page.request.put(`/api/recruiters/jobs/${jobId}/interview-plan`, {
      headers,
      data: {
        stages: [
          {
            stage: 'Interview',
            interviews: [
              {
                name: 'Technical',
                durationMinutes: 60,
                kind: 'video',
                focusAttributes: ['SQL'],
                questions: [],
              },
            ],
          },
        ],
      },
    });
    expect(plan.status()).toBe(200);
    const planInterviewId = (
      (await plan.json()) as { stages: { interviews: { id: number }[] }[] }
    ).stages.flatMap((stage) => stage.interviews)[0]!.id;
    const interviews = [
      { applicant: ids[0]!, startsAt: daysAgo(9) + 9 * HOUR, card: true },
      { applicant: ids[1]!, startsAt: daysAgo(9) + 13 * HOUR, card: true },
      { applicant: ids[2]!, startsAt: daysAgo(2) + 9 * HOUR, card: false },
      { applicant: ids[3]!, startsAt: daysAgo(2) + 10 * HOUR, card: false, cancel: true },
    ];
    const waited: number[] = [];
    for (const interview of interviews) {
      const made = await page.request.post(
        `/api/recruiters/applicants/${interview.applicant}/interviews`,
        {
          headers,
          data: {
            planInterviewId,
            startsAt: new Date(interview.startsAt).toISOString().slice(0, 16),
            timeZone: 'UTC',
            durationMinutes: 60,
            interviewerIds: [me],
          },
        },
      );
      expect(made.status(), await made.text()).toBe(201);
      const { id } = (await made.json()) as { id: number };
      if (interview.cancel) {
        expect(
          (await page.request.delete(`/api/recruiters/interviews/${id}`, { headers })).status(),
        ).toBe(204);
      }
      if (!interview.card) continue;
      const card = await page.request.put(`/api/recruiters/interviews/${id}/scorecard`, {
        headers,
        data: {
          ratings: [{ attribute: 'SQL', rating: 3, notes: '' }],
          notes: '',
          recommendation: 'yes',
          submit: true,
        },
      });
      expect(card.status(), await card.text()).toBe(200);
      waited.push((Date.now() - (interview.startsAt + HOUR)) / HOUR);
    }

    // What the reports must say, worked out from the paths.
    const furthest = paths.map((path) =>
      Math.max(0, ...path.map((step) => FUNNEL.indexOf(stageOf(step)))),
    );
    const reached = FUNNEL.map((_, k) => furthest.filter((f) => f >= k).length);
    const last = paths.map((path) => path[path.length - 1]);
    const hires = last.filter((step) => step === 'Hired').length;

    await page.goto(`/recruiters/reports?jobId=${jobId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'applied from' })).toContainText(
      `${paths.length} applicants applied from`,
    );
    await expect(page.getByLabel('Opening', { exact: true })).toHaveValue(String(jobId));

    // Pass-through by stage.
    expect(await tableRows(page, 'Pass-through by stage')).toEqual(
      FUNNEL.map((stage, k) => {
        const next = reached[k + 1];
        return [
          stage,
          String(reached[k]),
          next === undefined ? '–' : String(next),
          next === undefined ? '–' : `${Math.round((next / reached[k]!) * 1000) / 10} %`,
        ];
      }),
    );

    // Pass-through by source: the source an answer names, a person's name as "Referral".
    const sourceRows = answers.map((answer) => {
      const mine = furthest.filter((_, i) => sourceOf(i) === answer);
      const share = (n: number) => `${Math.round((n / mine.length) * 1000) / 10} %`;
      return [
        creditOf[answer]!,
        String(mine.length),
        ...FUNNEL.slice(1).map((_, k) => {
          const n = mine.filter((f) => f >= k + 1).length;
          return `${n} (${share(n)})`;
        }),
      ];
    });
    expect(
      (await tableRows(page, 'Pass-through by source: applicants who reached each stage')).sort(),
    ).toEqual(sourceRows.sort());

    // Rejection reasons: those whose path ends in a rejection, by its reason.
    const rejected = last.filter((step) => step?.startsWith('Rejected'));
    const reasonRows = ['Skills', 'Salary']
      .map((label) => {
        const n = rejected.filter((step) => step === `Rejected: ${label}`).length;
        return [
          `${label} ${suffix}`,
          String(n),
          `${Math.round((n / rejected.length) * 1000) / 10} %`,
        ];
      })
      .sort((a, b) => Number(b[1]) - Number(a[1]));
    expect(await tableRows(page, 'Rejection reasons')).toEqual(reasonRows);

    // Time to hire: every hire within a day, so in the first band; the median is 0 days.
    expect(await tableRows(page, 'Hires by days to hire')).toEqual([
      ['Up to 7 days', String(hires)],
      ['8 to 14 days', '0'],
      ['15 to 30 days', '0'],
      ['31 to 60 days', '0'],
      ['61 to 90 days', '0'],
      ['Over 90 days', '0'],
    ]);
    expect(await tableRows(page, 'Time to hire by opening')).toEqual([
      [`Reports Analyst ${code}`, String(hires), '0 days'],
    ]);

    // Time in stage: the stays that ended and who is in each stage now.
    const timeline = paths.map((path) => ['New', ...path.map(stageOf)]);
    expect(await tableRows(page, 'Time in stage')).toEqual(
      FUNNEL.slice(0, 4).map((stage) => {
        const ended = timeline.flatMap((t) => t.slice(0, -1)).filter((s) => s === stage).length;
        const now = timeline.filter((t) => t[t.length - 1] === stage).length;
        return [stage, ended === 0 ? 'No figure' : '0 days', String(ended), String(now)];
      }),
    );

    // Interviews per week: every week of the last 90 days, the interviews in the weeks they
    // started in.
    const weeks: number[] = [];
    for (let monday = mondayOf(daysAgo(89)); monday <= daysAgo(0); monday += 7 * DAY) {
      weeks.push(monday);
    }
    expect(await tableRows(page, 'Interviews per week')).toEqual(
      weeks.map((monday) => {
        const mine = interviews.filter((i) => mondayOf(i.startsAt) === monday);
        return weekRow(
          monday,
          mine.filter((i) => !i.cancel).length,
          mine.filter((i) => i.cancel).length,
        );
      }),
    );
    expect(await tableRows(page, 'Interviews by opening')).toEqual([
      [`Reports Analyst ${code}`, '3', '1'],
    ]);

    // Time to feedback: the two cards, each hours after its interview ended; one missing.
    const [row] = await tableRows(page, 'Time to feedback per interviewer');
    expect(row!.filter((_, k) => k !== 2 && k !== 3)).toEqual([CONSOLE_ADMIN.name, '2', '1']);
    const hoursIn = (text: string) => Number(/^([\d.,]+) hours$/.exec(text)![1]!.replace(',', ''));
    const median = (waited[0]! + waited[1]!) / 2;
    // Rounded to a tenth, from submissions a moment before the page was read.
    expect(Math.abs(hoursIn(row![2]!) - median)).toBeLessThan(0.2);
    expect(Math.abs(hoursIn(row![3]!) - Math.max(...waited))).toBeLessThan(0.2);
    const feedback = page.getByRole('region', { name: 'Time to feedback' });
    await expect(
      feedback.getByText('Missing scorecards', { exact: true }).locator('..'),
    ).toHaveText(/Missing scorecards\s*1/);

    // A chart beside each table, named for what it shows.
    await expect(
      page.getByRole('img', { name: /a chart; the table below has the same figures/ }),
    ).toHaveCount(7);
    await expectNoViolations(page, 'the reports of one opening at 1440 px');

    // Each report's CSV: the file name says the report and the filter.
    const csvLink = page.getByRole('link', { name: /^Download CSV\W+Pass-through by stage$/ });
    const csv = await page.request.get((await csvLink.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(
      new RegExp(
        `filename="pass-through_\\d{4}-\\d{2}-\\d{2}_to_\\d{4}-\\d{2}-\\d{2}_opening-${jobId}\\.csv"`,
      ),
    );
    expect((await csv.text()).split('\r\n')[1]).toBe(
      `"New","${reached[0]}","${reached[1]}","${Math.round((reached[1]! / reached[0]!) * 1000) / 10}"`,
    );
    await page.screenshot({ path: test.info().outputPath('reports-1440.png'), fullPage: true });
    await page
      .getByRole('heading', { level: 2, name: 'Interviews per week' })
      .scrollIntoViewIfNeeded();
    await shoot(page, 'reports-interviews');

    // The filter: a range before anyone applied says so in every report.
    await page.getByLabel('Applied from').fill('2020-01-01');
    await page.getByLabel('Applied to').fill('2020-01-31');
    await page.getByRole('button', { name: 'Show reports' }).click();
    await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
    await expect(page.getByRole('status').filter({ hasText: 'applied from' })).toContainText(
      '0 applicants applied from Jan 1, 2020 to Jan 31, 2020',
    );
    await expect(page.getByText('Nobody applied in these dates.')).toBeVisible();
    await expect(page.getByText('No interview in these dates has ended.')).toBeVisible();
    await expectNoViolations(page, 'the reports of a range nobody applied in');

    // On a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/recruiters/reports?jobId=${jobId}`);
    await expect(page.getByRole('table', { name: 'Rejection reasons' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Time to feedback per interviewer' }),
    ).toBeVisible();
    await expectNoViolations(page, 'the reports at 390 px');
    await page.screenshot({ path: test.info().outputPath('reports-390.png'), fullPage: true });
    await page.context().close();
  });
});
