import type { OpeningWhere, PublicOpening } from '@lumenfield/contract';

/**
 * What the apply dialog needs to know of the opening it is for; where its work may be done and
 * its questions when the opener has them (the job page), else the form reads them from the
 * opening's detail.
 */
export type OpeningNames = Pick<PublicOpening, 'id' | 'code' | 'title' | 'location'> &
  Partial<Pick<PublicOpening, 'questions'>> & { where?: OpeningWhere };

/** 'QA-104 - Senior QA Analyst': code and title joined by a dash (docs/careers.md). */
export const jobHeading = (job: Pick<PublicOpening, 'code' | 'title'>) =>
  `${job.code} - ${job.title}`;
