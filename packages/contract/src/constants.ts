/** Business constants and the wire-level names of docs/api.md. */

/** The company's name as pages, mails and structured data write it: its one spelling. */
export const BRAND = 'Lumenfield Technology Partners';
/** Where people ask to see, correct or erase their data (the privacy policy, apply dialog). */
export const PRIVACY_EMAIL = 'privacy@example.com';
export const API_BASE_PATH = '/api';

/** The fixed header every public /api request carries (docs/api.md). */
export const FIXED_HEADER_NAME = 'X-Requested-With';
export const FIXED_HEADER_VALUE = 'XMLHttpRequest';

/** Double-submit cross-site request forgery token: cookie set by the server, echoed on writes. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
/** The same cookie over HTTPS: the __Host- prefix pins it to this host, Secure, path '/'. */
export const XSRF_HOST_COOKIE_NAME = '__Host-XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export const MAX_RESUME_BYTES = 5_242_880;
/** The limit as the sentences say it (5 MB): every message about it is made from this. */
export const MAX_RESUME_MB = MAX_RESUME_BYTES / 1024 / 1024;

/** APPLICANT_RETENTION_DAYS's default: days after an opening closes that applicants are kept. */
export const DEFAULT_APPLICANT_RETENTION_DAYS = 365;
export const MOBILE_NUMBER_LENGTH = 10;

export const APPLIED_SUCCESSFULLY = 'Applied Successfully!';

/** Browser storage (docs/architecture.md). */
export const EMPLOYEE_DETAILS_STORAGE_KEY = 'EmployeeDetails';
export const JOB_ID_SESSION_KEY = 'JobID';

/** What a visitor reads when an opening closed (or never existed) while they were applying. */
export const CLOSED_OPENING_MESSAGE =
  'This opening has closed or is no longer available, so it cannot take applications. Everything you entered is still here; please look at our other openings.';
