import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '../../packages/contract/src/index';

/**
 * A console call as the signed-in page makes it (its fixed header, and for a write the XSRF
 * echo), for a test's setup; it must succeed. Answers the JSON.
 */
export async function consoleCall<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE_NAME);
  const res = await page.request.fetch(path, {
    method,
    headers: {
      [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
      ...(xsrf ? { [XSRF_HEADER_NAME]: xsrf.value } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

/** An opening's plan of one technical video interview at its Interview stage; its id. */
export async function technicalInterviewPlan(
  page: Page,
  jobId: number,
  durationMinutes: number,
): Promise<number> {
  const plan = await consoleCall<{ stages: { interviews: { id: number }[] }[] }>(
    page,
    'PUT',
    `/api/recruiters/jobs/${jobId}/interview-plan`,
    {
      stages: [
        {
          stage: 'Interview',
          interviews: [
            {
              name: 'Technical',
              durationMinutes,
              kind: 'video',
              focusAttributes: ['SQL', 'Communication'],
              questions: ['Walk us through a slow query you fixed.'],
            },
          ],
        },
      ],
    },
  );
  return plan.stages.flatMap((stage) => stage.interviews)[0]!.id;
}

/** A console person's user id, by their name. */
export async function consoleUserId(page: Page, name: string): Promise<number> {
  const people = await consoleCall<{ userId: number; name: string }[]>(
    page,
    'GET',
    '/api/recruiters/interviewers',
  );
  return people.find((person) => person.name === name)!.userId;
}
