import {
  adminApplicantSchema,
  adminJobCreatedSchema,
  type AdminApplicant,
  type AdminJobCreate,
  type AdminJobPatch,
} from '../../packages/contract/src/index';
import { adminToken } from './fixtures';

/** The recruiters' API (docs/recruiters.md) of one test server, with the bearer token. */
export function adminApi(baseUrl: string) {
  const headers = { Authorization: `Bearer ${adminToken()}` };
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    }
    return response;
  }
  return {
    async createOpening(fields: Partial<AdminJobCreate> & Pick<AdminJobCreate, 'JobCode'>) {
      const response = await call('POST', '/admin/jobs', {
        JobTitle: 'Test Engineer',
        JobLocation: 'Remote, USA',
        Job_Description: '<p>An opening made by a browser test.</p>',
        Recruitment_Manager: 'Dana Whitfield',
        ContactPerson: 'Dana Whitfield',
        ContactPersonMail: 'dana.whitfield@example.com',
        // A remote US opening publishes its pay range (docs/careers.md).
        PayMin: 90_000,
        PayMax: 120_000,
        PayCurrency: 'USD',
        PayPeriod: 'YEAR',
        ...fields,
      });
      return adminJobCreatedSchema.parse(await response.json()).Job_id;
    },
    async updateOpening(id: number, patch: AdminJobPatch) {
      await call('PATCH', `/admin/jobs/${id}`, patch);
    },
    async closeAllOpenings() {
      const jobs = (await (await call('GET', '/admin/jobs')).json()) as Array<{
        Job_id: number;
        IsOpen: boolean;
      }>;
      for (const job of jobs.filter((j) => j.IsOpen)) {
        await call('PATCH', `/admin/jobs/${job.Job_id}`, { IsOpen: false });
      }
    },
    async applicants(id: number): Promise<AdminApplicant[]> {
      const response = await call('GET', `/admin/jobs/${id}/applicants`);
      return adminApplicantSchema.array().parse(await response.json());
    },
    async download(applicant: AdminApplicant): Promise<{ bytes: Buffer; type: string | null }> {
      const query = new URLSearchParams({
        AttachmentGuid: applicant.AttachmentGuid,
        AttachmentName: applicant.AttachmentName,
      });
      const response = await call('GET', `/Physical/DownloadAttachment?${query}`);
      return {
        bytes: Buffer.from(await response.arrayBuffer()),
        type: response.headers.get('content-type'),
      };
    },
  };
}
