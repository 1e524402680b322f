import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../test/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';

/** The replacement patterns of String.prototype.replace, which must never reach a page. */
const PATTERNS = "$` $' $& $$ $1 $<x>";
/** In a description, `<x>` is a tag the sanitiser drops: the patterns alone. */
const DESCRIPTION = "Work $` $' $& $$ $1 here.";
/** The description as the sanitiser stores it ('&' as an entity). */
const STORED_DESCRIPTION = "<p>Work $` $' $&amp; $$ $1 here.</p>";
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll("'", '&#39;');

/** A page shaped like the built site's (title, sharing tags, root and module script). */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Lumenfield</title>
    <meta name="description" content="The site" />
    <meta property="og:title" content="The site" />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"><header>Header</header><!--page--></div>
  </body>
</html>`;

describe(`security: recruiters' text reaches pages literally (${engine})`, () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-site-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), TEMPLATE);
    t = await createTestApp({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const fields = {
    JobCode: `C${PATTERNS}`,
    JobTitle: `Analyst ${PATTERNS}`,
    JobLocation: `Austin ${PATTERNS}, Texas, USA`,
    Recruitment_Manager: `Dana ${PATTERNS}`,
    ContactPerson: `Marcus ${PATTERNS}`,
  };

  it('every recruiter text field shows its $ patterns literally on the job page and in the API', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: { ...adminHeaders(t), 'content-type': 'application/json' },
      payload: JSON.stringify({
        ...fields,
        Job_Description: `<p>${DESCRIPTION}</p>`,
        ContactPersonMail: 'marcus@example.com',
      }),
    });
    expect(created.statusCode).toBe(201);
    const { Job_id } = created.json() as { Job_id: number };

    const page = await t.app.inject({ url: `/careers/jobs/${Job_id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<html/g)).toHaveLength(1);
    expect(page.body.match(/<\/html>/g)).toHaveLength(1);
    for (const value of [fields.JobTitle, fields.JobLocation, fields.JobCode]) {
      expect(page.body).toContain(escapeHtml(value));
    }
    expect(page.body).toContain(STORED_DESCRIPTION);
    // The JSON-LD carries the title as JSON text ('<' escaped so it cannot close the script).
    expect(page.body).toContain(
      JSON.stringify(fields.JobTitle).slice(1, -1).replaceAll('<', '\\u003c'),
    );

    const detail = await t.app.inject({
      url: `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${Job_id}`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    const [job] = detail.json() as Record<string, string>[];
    expect(job).toMatchObject({ ...fields, JobCode: fields.JobCode });
    expect(job?.Job_Description).toBe(STORED_DESCRIPTION);
  });
});
