import type { JobDetail, JobOpening } from '@lumenfield/contract';

/** What the apply dialog needs to know of the job it is for. */
export type JobSummary = Pick<
  JobOpening & JobDetail,
  'Job_id' | 'JobCode' | 'JobTitle' | 'JobLocation'
>;

/** 'QA-104 - Senior QA Analyst': code and title joined by a dash (docs/careers.md). */
export const jobHeading = (job: Pick<JobSummary, 'JobCode' | 'JobTitle'>) =>
  `${job.JobCode} - ${job.JobTitle}`;
