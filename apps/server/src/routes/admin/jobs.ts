import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminApplicantSchema,
  adminJobCreatedSchema,
  adminJobCreateSchema,
  adminJobDetailSchema,
  adminJobParamsSchema,
  adminJobPatchSchema,
  adminJobSchema,
  apiPaths,
  problemDetailsSchema,
  type AdminApplicant,
  type AdminJob,
  type AdminJobDetail,
  type AdminJobPatch,
  type FieldError,
} from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { toCsv } from '../../lib/csv';
import { sanitizeDescription } from '../../lib/sanitize-description';
import { HttpProblem } from '../../plugins/problem-details';
import type { Repositories } from '../../repositories';
import {
  JobCodeInUseError,
  type JobInput,
  type JobWithApplicants,
} from '../../repositories/jobs-repository';
import type { ApplicantSummary } from '../../repositories/applicants-repository';

const EMAIL = /^[^\s@,]+@[^\s@,.]+(\.[^\s@,.]+)*\.[^\s@,.]{2,}$/;

function toAdminJob(job: JobWithApplicants): AdminJob {
  return {
    Job_id: job.id,
    JobCode: job.code,
    JobTitle: job.title,
    JobLocation: job.location,
    EffectiveFrom: job.effectiveFrom,
    IsOpen: job.isOpen,
    Applicants: job.applicants,
  };
}

function toAdminJobDetail(job: JobWithApplicants): AdminJobDetail {
  return {
    ...toAdminJob(job),
    Recruitment_Manager: job.recruitmentManagers,
    ContactPerson: job.contactPersons,
    ContactPersonMail: job.contactEmails,
    Job_Description: job.descriptionHtml,
  };
}

function toAdminApplicant(a: ApplicantSummary): AdminApplicant {
  return {
    ApplicantID: a.id,
    FirstName: a.firstName,
    LastName: a.lastName,
    Email: a.email,
    MobileNumber: a.mobileNumber,
    City: a.city,
    CountyID: a.countryId,
    StateID: a.stateId,
    Experience: a.experience,
    ReferredBy: a.referredBy,
    AppliedOn: a.appliedOn,
    AttachmentGuid: a.attachmentGuid,
    AttachmentName: a.attachmentName,
    AttachmentSize: a.attachmentSize,
    AttachmentSha256: a.attachmentSha256,
  };
}

/** Comma-separated people lists, tidied: "a ,b" -> "a, b". */
const tidyList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .join(', ');

/**
 * Recruiter input -> repository input: control characters dropped (PostgreSQL refuses NUL),
 * lists tidied, description sanitised, mails checked.
 */
function toJobInput(raw: AdminJobPatch, current?: JobWithApplicants): Partial<JobInput> {
  const body: AdminJobPatch = {
    ...raw,
    ...(raw.JobCode !== undefined && { JobCode: clean(raw.JobCode) }),
    ...(raw.JobTitle !== undefined && { JobTitle: clean(raw.JobTitle) }),
    ...(raw.JobLocation !== undefined && { JobLocation: clean(raw.JobLocation) }),
    ...(raw.Job_Description !== undefined && { Job_Description: clean(raw.Job_Description, true) }),
    ...(raw.Recruitment_Manager !== undefined && {
      Recruitment_Manager: clean(raw.Recruitment_Manager),
    }),
    ...(raw.ContactPerson !== undefined && { ContactPerson: clean(raw.ContactPerson) }),
    ...(raw.ContactPersonMail !== undefined && { ContactPersonMail: clean(raw.ContactPersonMail) }),
  };
  const input: Partial<JobInput> = {
    ...(body.JobCode !== undefined && { code: body.JobCode }),
    ...(body.JobTitle !== undefined && { title: body.JobTitle }),
    ...(body.JobLocation !== undefined && { location: body.JobLocation }),
    ...(body.EffectiveFrom !== undefined && {
      effectiveFrom: new Date(body.EffectiveFrom).toISOString(),
    }),
    ...(body.Job_Description !== undefined && {
      descriptionHtml: sanitizeDescription(body.Job_Description),
    }),
    ...(body.Recruitment_Manager !== undefined && {
      recruitmentManagers: tidyList(body.Recruitment_Manager),
    }),
    ...(body.ContactPerson !== undefined && { contactPersons: tidyList(body.ContactPerson) }),
    ...(body.ContactPersonMail !== undefined && {
      contactEmails: tidyList(body.ContactPersonMail),
    }),
    ...(body.IsOpen !== undefined && { isOpen: body.IsOpen }),
  };

  const errors: FieldError[] = [];
  const people = (input.contactPersons ?? current?.contactPersons ?? '').split(', ');
  const mails = (input.contactEmails ?? current?.contactEmails ?? '').split(', ');
  const mailList = mails.filter((m) => m.length > 0);
  if (mailList.some((mail) => !EMAIL.test(mail))) {
    errors.push({ field: 'ContactPersonMail', message: 'must be e-mail addresses' });
  }
  if (mailList.length !== people.filter((p) => p.length > 0).length) {
    errors.push({
      field: 'ContactPersonMail',
      message: 'needs one e-mail per contact person, in the same order',
    });
  }
  if (errors.length > 0) throw new HttpProblem(400, 'The opening is invalid.', errors);
  return input;
}

const auth = { 400: problemDetailsSchema, 401: problemDetailsSchema, 404: problemDetailsSchema };

/** docs/recruiters.md: the recruiters' API, bearer-authenticated, off when ADMIN_TOKEN is unset. */
export const adminJobsRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  const base = apiPaths.adminJobs;
  const routeConfig = { access: 'bearer' } as const;

  const jobOr404 = async (id: number) => {
    const job = await repos.jobs.findById(id);
    if (!job) throw new HttpProblem(404, `There is no opening with id ${id}.`);
    return job;
  };

  app.get(
    base,
    {
      config: routeConfig,
      schema: {
        summary: 'Every opening, open or closed',
        tags: ['recruiters'],
        response: { 200: z.array(adminJobSchema), ...auth },
      },
    },
    async () => (await repos.jobs.listAll()).map(toAdminJob),
  );

  app.post(
    base,
    {
      config: routeConfig,
      schema: {
        summary: 'Post an opening',
        tags: ['recruiters'],
        body: adminJobCreateSchema,
        response: { 201: adminJobCreatedSchema, 409: problemDetailsSchema, ...auth },
      },
    },
    async (request, reply) => {
      const input = toJobInput(request.body);
      try {
        const id = await repos.jobs.create({
          code: input.code ?? '',
          title: input.title ?? '',
          location: input.location ?? '',
          descriptionHtml: input.descriptionHtml ?? '',
          effectiveFrom: input.effectiveFrom ?? new Date().toISOString(),
          recruitmentManagers: input.recruitmentManagers ?? '',
          contactPersons: input.contactPersons ?? '',
          contactEmails: input.contactEmails ?? '',
          isOpen: true,
        });
        return reply.code(201).send({ Job_id: id });
      } catch (error) {
        if (error instanceof JobCodeInUseError) {
          throw new HttpProblem(409, `Job code ${error.code} is already in use.`);
        }
        throw error;
      }
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: routeConfig,
      schema: {
        summary: 'One opening with its description',
        tags: ['recruiters'],
        params: adminJobParamsSchema,
        response: { 200: adminJobDetailSchema, ...auth },
      },
    },
    async (request) => toAdminJobDetail(await jobOr404(request.params.id)),
  );

  app.patch(
    `${base}/:id`,
    {
      config: routeConfig,
      schema: {
        summary: 'Edit, open or close an opening (IsOpen: false closes it)',
        tags: ['recruiters'],
        params: adminJobParamsSchema,
        body: adminJobPatchSchema,
        response: { 200: adminJobDetailSchema, 409: problemDetailsSchema, ...auth },
      },
    },
    async (request) => {
      const { id } = request.params;
      const input = toJobInput(request.body, await jobOr404(id));
      try {
        await repos.jobs.update(id, input);
      } catch (error) {
        if (error instanceof JobCodeInUseError) {
          throw new HttpProblem(409, `Job code ${error.code} is already in use.`);
        }
        throw error;
      }
      return toAdminJobDetail(await jobOr404(id));
    },
  );

  app.get(
    `${base}/:id/applicants`,
    {
      config: routeConfig,
      schema: {
        summary: 'Applicants of an opening',
        tags: ['recruiters'],
        params: adminJobParamsSchema,
        response: { 200: z.array(adminApplicantSchema), ...auth },
      },
    },
    async (request, reply) => {
      await jobOr404(request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return (await repos.applicants.listForJob(request.params.id)).map(toAdminApplicant);
    },
  );

  app.get(
    `${base}/:id/applicants.csv`,
    {
      config: routeConfig,
      schema: {
        summary: 'Applicants of an opening as CSV',
        tags: ['recruiters'],
        params: adminJobParamsSchema,
        response: { 200: z.unknown().describe('text/csv, one row per applicant'), ...auth },
      },
    },
    async (request, reply) => {
      const job = await jobOr404(request.params.id);
      const applicants = (await repos.applicants.listForJob(job.id)).map(toAdminApplicant);
      const header = Object.keys(adminApplicantSchema.shape) as (keyof AdminApplicant)[];
      const csv = toCsv(
        header,
        applicants.map((a) => header.map((key) => a[key])),
      );
      const fileName = `applicants-${job.code.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );
};
