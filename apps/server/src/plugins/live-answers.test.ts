import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_HEADER_NAME, FIXED_HEADER_VALUE } from '@lumenfield/contract';
import { createRepositories } from '../domains';
import { applicationPayload, postApplication, statusLinkToken } from '../test/legacy/application';
import { openingBody, openingDetailUrl, openingsListUrl } from '../test/legacy/openings';
import { engine } from '../test/test-app';
import { startTwoNodes, type Node, type TwoNodes } from '../test/two-nodes';

const ADMIN_TOKEN = 'test-admin-token-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const read = (node: Node, path: string, headers: Record<string, string> = {}) =>
  fetch(`${node.url}${path}`, {
    headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE, 'accept-encoding': 'br', ...headers },
  });

/** A recruiter's write through the bearer API of one node. */
async function write(node: Node, method: 'POST' | 'PATCH', path: string, body: unknown) {
  const res = await fetch(`${node.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json() as Promise<{ Job_id: number }>;
}

/** What a visitor sees of one opening on a node: the API's list and detail, both pages. */
async function seen(node: Node, id: number) {
  const list = (await (await read(node, openingsListUrl)).json()) as {
    Job_id: number;
    JobTitle: string;
  }[];
  const detail = await read(node, openingDetailUrl(id));
  const page = await read(node, `/careers/jobs/${id}`);
  return {
    listed: list.find((row) => row.Job_id === id)?.JobTitle,
    detail:
      detail.status === 200
        ? ((await detail.json()) as { JobTitle: string }[])[0]!.JobTitle
        : detail.status,
    careers: await (await read(node, '/careers')).text(),
    page: page.status === 200 ? await page.text() : page.status,
  };
}

describe(`live answers cached until the data changes, on two nodes (${engine}, Redis)`, () => {
  let nodes: TwoNodes;
  let a: Node;
  let b: Node;
  let redis: ChildProcess;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ a, b, redis } = nodes);
  });
  afterAll(() => nodes?.close());

  it('shows a new opening, an edit and a close on the very next request on both nodes', async () => {
    // Both nodes have cached every answer (a second read is a hit).
    for (const node of [a, b]) {
      for (const path of [openingsListUrl, '/careers']) {
        await read(node, path);
        expect((await read(node, path)).status).toBe(200);
      }
    }

    const { Job_id: id } = await write(
      a,
      'POST',
      '/api/admin/jobs',
      openingBody({ JobCode: 'LIVE-1', JobTitle: 'Queue Analyst' }),
    );
    for (const node of [a, b]) {
      const now = await seen(node, id);
      expect(now.listed, node.url).toBe('Queue Analyst');
      expect(now.detail, node.url).toBe('Queue Analyst');
      expect(now.careers, node.url).toContain('Queue Analyst');
      expect(now.page, node.url).toContain('Queue Analyst');
    }

    await write(b, 'PATCH', `/api/admin/jobs/${id}`, { JobTitle: 'Queue Lead' });
    for (const node of [a, b]) {
      const now = await seen(node, id);
      expect(now.listed, node.url).toBe('Queue Lead');
      expect(now.detail, node.url).toBe('Queue Lead');
      expect(now.careers, node.url).toContain('Queue Lead');
      expect(now.careers, node.url).not.toContain('Queue Analyst');
      expect(now.page, node.url).toContain('Queue Lead');
    }

    await write(a, 'PATCH', `/api/admin/jobs/${id}`, { IsOpen: false });
    for (const node of [a, b]) {
      const now = await seen(node, id);
      expect(now.listed, node.url).toBeUndefined();
      expect(now.detail, node.url).toBe(404);
      expect(now.careers, node.url).not.toContain('Queue Lead');
      expect(now.page, node.url).toBe(410);
    }
  });

  it('shows a recruiter’s stage change on the applicant’s own page, on the next request on both nodes', async () => {
    const { Job_id: id } = await write(
      a,
      'POST',
      '/api/admin/jobs',
      openingBody({ JobCode: 'LIVE-STAGE', JobTitle: 'Stage Analyst' }),
    );
    const applied = await postApplication(
      a.t,
      id,
      applicationPayload({ Email: 'stage.person@example.com' }, { name: 'cv-stage.pdf' }),
      '10.77.0.1',
    );
    expect(applied.statusCode).toBe(201);
    const applicantId = applied.json<{ ApplicantID: number }>().ApplicantID;
    const token = await statusLinkToken(a.t, applicantId);
    const status = async (node: Node) => {
      const page = await fetch(`${node.url}/applications/${token}`);
      expect(page.status, node.url).toBe(200);
      return page.text();
    };
    for (const node of [a, b]) {
      const page = await status(node);
      expect(page, node.url).toContain('Stage Analyst');
      expect(page, node.url).not.toContain('Interviewing');
    }

    // The move, made on the second node (its own connection), as its console would.
    const repos = createRepositories(b.t.db.handle.db);
    const recruiter = await repos.users.create(
      {
        email: 'stage.recruiter@example.com',
        name: 'Stage Recruiter',
        role: 'recruiter',
        passwordHash: 'x',
      },
      new Date(),
    );
    await repos.pipeline.moveStage(applicantId, 'Interview', recruiter.id, new Date());
    for (const node of [a, b]) expect(await status(node), node.url).toContain('Interviewing');
  });

  it('answers 304 to the ETag it sent until the openings change, then the new answer', async () => {
    const first = await read(b, openingsListUrl);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]+-br"$/);
    const again = await read(b, openingsListUrl, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    const page = await read(b, '/careers');
    const pageTag = page.headers.get('etag')!;
    expect((await read(b, '/careers', { 'if-none-match': pageTag })).status).toBe(304);

    await write(a, 'POST', '/api/admin/jobs', openingBody({ JobCode: 'LIVE-2' }));
    const after = await read(b, openingsListUrl, { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect((await read(b, '/careers', { 'if-none-match': pageTag })).status).toBe(200);
  });

  it('with Redis away, a node sees another node’s write within the second it rechecks', async () => {
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill('SIGKILL');
    await exited;
    await read(b, openingsListUrl);
    const { Job_id: id } = await write(
      a,
      'POST',
      '/api/admin/jobs',
      openingBody({ JobCode: 'LIVE-3', JobTitle: 'Night Desk Analyst' }),
    );
    const written = Date.now();
    let listed: string | undefined;
    while (Date.now() - written < 3_000) {
      const list = (await (await read(b, openingsListUrl)).json()) as {
        Job_id: number;
        JobTitle: string;
      }[];
      listed = list.find((row) => row.Job_id === id)?.JobTitle;
      if (listed) break;
      await sleep(25);
    }
    expect(listed).toBe('Night Desk Analyst');
    // VERSION_RECHECK_MS (1 s) and one read of the version, with room for a busy machine.
    expect(Date.now() - written).toBeLessThan(1_500);
  });
});
