import type { JobDetail, JobOpening } from '@lumenfield/contract';
import { jobTermsOf } from './job-terms';
import type { Job, JobSummary } from './jobs-repository';
import { sanitizeDescription } from './sanitize-description';

// An opening as GET /Jobs/CareerDetailsRetrival answers it; the job page and the recruiters'
// detail reuse it.
const MINUTE_MS = 60_000;

/** Whole days, hours and minutes since `from` (docs/api.md); never negative. */
export function elapsed(from: string, now: Date) {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / MINUTE_MS));
  return {
    DateCount: Math.floor(minutes / (24 * 60)),
    HourCount: Math.floor(minutes / 60),
    MinuteCount: minutes,
  };
}

/** The fields that name an opening, as every answer about one spells them. */
export const jobNamesOf = (job: Pick<JobSummary, 'id' | 'code' | 'title' | 'location'>) => ({
  Job_id: job.id,
  JobCode: job.code,
  JobTitle: job.title,
  JobLocation: job.location,
});

/** The openings list as the API answers it (and the careers page is rendered with). */
export function openingsOf(jobs: JobSummary[], now: Date): JobOpening[] {
  return jobs.map((job) => ({
    ...jobNamesOf(job),
    ...elapsed(job.effectiveFrom, now),
    CurerntOpening: jobs.length,
  }));
}

/**
 * One opening's detail as the API answers it (and its page is rendered with). The description
 * is sanitised again on the way out: one stored under an older allow-list or sanitiser meets
 * today's (the output of today's is a fixed point, so this changes nothing else).
 */
export function jobDetailOf(job: Job): JobDetail {
  return {
    ...jobNamesOf(job),
    EffectiveFrom: job.effectiveFrom,
    Recruitment_Manager: job.recruitmentManagers,
    ContactPerson: job.contactPersons,
    ContactPersonMail: job.contactEmails,
    Job_Description: sanitizeDescription(job.descriptionHtml),
    ...jobTermsOf(job),
  };
}
