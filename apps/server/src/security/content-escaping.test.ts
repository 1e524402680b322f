import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';

/** The replacement patterns of String.prototype.replace, which must never reach a page. */
const PATTERNS = "$` $' $& $$ $1 $<x>";
/** In a description, `<x>` is a tag the sanitiser drops: the patterns alone. */
const DESCRIPTION = "Work $` $' $& $$ $1 here.";
/** The description as the sanitiser stores it ('&' as an entity). */
const STORED_DESCRIPTION = "<p>Work $` $' $&amp; $$ $1 here.</p>";

/** The page's text with the entities a renderer writes turned back into characters. */
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe(`security: recruiters' text reaches pages literally (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: true });
  });
  afterAll(() => t.close());

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
    const text = decode(page.body);
    for (const value of [fields.JobTitle, fields.JobLocation, fields.JobCode]) {
      expect(text).toContain(value);
    }
    expect(text).toContain(DESCRIPTION);
    // The JSON-LD carries the title as JSON ('<' escaped so it cannot close the script).
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)?.[1];
    expect(JSON.parse(ld ?? '{}')).toMatchObject({ title: fields.JobTitle });
    expect(ld).not.toContain('<x>');

    const detail = await t.app.inject({
      url: `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${Job_id}`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    const [job] = detail.json() as Record<string, string>[];
    expect(job).toMatchObject({ ...fields, JobCode: fields.JobCode });
    expect(job?.Job_Description).toBe(STORED_DESCRIPTION);
  });
});
