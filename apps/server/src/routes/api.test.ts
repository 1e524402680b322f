import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../test/test-app';

describe(`the OpenAPI document (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('describes every careers endpoint from the contract schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/Jobs/CareerDetailsRetrival',
        '/api/Jobs/GetRecruitmentManagerDropDownValues',
        '/api/Jobs/GetStatesByCountry',
        '/api/Jobs/SaveApplicantDetail',
        '/api/Physical/DownloadAttachment',
        '/api/admin/jobs',
        '/api/admin/jobs/{id}',
        '/api/admin/jobs/{id}/applicants',
        '/api/admin/jobs/{id}/applicants.csv',
      ]),
    );
    // The recruiters' endpoints declare the bearer scheme; the public ones declare none.
    expect(doc.components.securitySchemes.recruiterToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [path, method] of [
      ['/api/admin/jobs', 'get'],
      ['/api/admin/jobs', 'post'],
      ['/api/admin/jobs/{id}/applicants.csv', 'get'],
      ['/api/Physical/DownloadAttachment', 'get'],
    ] as const) {
      expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([
        { recruiterToken: [] },
      ]);
    }
    // The console's routes declare the session cookie; its sign-in (anyone may try) none.
    expect(doc.components.securitySchemes.consoleSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
    });
    for (const [path, method] of [
      ['/api/recruiters/jobs', 'get'],
      ['/api/recruiters/applicants/{id}/stage', 'put'],
      ['/api/recruiters/resumes/{guid}', 'get'],
      ['/api/recruiters/users', 'post'],
    ] as const) {
      expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([
        { consoleSession: [] },
      ]);
    }
    expect(doc.paths['/api/recruiters/session'].post.security).toBeUndefined();
    expect(doc.paths['/api/Jobs/SaveApplicantDetail'].post.security).toBeUndefined();
    const list = doc.paths['/api/Jobs/CareerDetailsRetrival'].get;
    const actionFlag = list.parameters.find((p: { name: string }) => p.name === 'ActionFlag');
    expect(actionFlag.schema.enum).toEqual(['JobOpenings', 'JobOpeningsDetail']);
    const save = doc.paths['/api/Jobs/SaveApplicantDetail'].post;
    const body = save.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining([
        'FirstName',
        'CountyID',
        'StateID',
        'AttachmentHeader',
        'ReferredBy',
      ]),
    );
    expect(Object.keys(save.responses)).toEqual(
      expect.arrayContaining(['201', '400', '404', '413', '429']),
    );
  });
});
