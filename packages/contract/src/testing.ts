import type { AttachmentHeader } from './legacy/application';
import type { Place } from './places';
import type { Question } from './questions';

/*
 * Fixtures for the tests of every side: the server's, the web app's and the end-to-end specs
 * ask the same opening the same questions from here (`@lumenfield/contract/testing`). Test code
 * only: nothing that ships imports this module.
 */

/** The two places an analyst opening offers: Chicago, then Austin. */
export const chicagoAndAustin: Place[] = [
  { city: 'Chicago', region: 'US-IL', country: 'US' },
  { city: 'Austin', region: 'US-TX', country: 'US' },
];

/** An analyst opening's questions: years with SQL (required), the tools used (optional). */
export const analystQuestions: Question[] = [
  { key: 'years', label: 'Years with SQL', type: 'number', required: true },
  {
    key: 'tools',
    label: 'Tools you use',
    type: 'multi_select',
    required: false,
    options: ['Excel', 'Power BI', 'Tableau'],
  },
];

/**
 * SaveApplicantDetail's attachment header around one resume, filled in as the careers page
 * sends it (docs/api.md): `fileContent` is base64, or the old client's array of byte numbers.
 */
export const attachmentHeader = (
  fileName: string,
  fileContent: string | number[],
): AttachmentHeader => ({
  HeaderID: 0,
  CreatedBy: 0,
  CreatedOn: new Date().toISOString(),
  IsActive: true,
  AttachmentDetails: [{ FileName: fileName, FileContent: fileContent }],
});
