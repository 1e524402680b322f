/** Every API path of docs/api.md and docs/recruiters.md, relative to API_BASE_PATH. */
export const apiPaths = {
  careerDetails: '/Jobs/CareerDetailsRetrival',
  /** The careers page's rows with terms and search words (docs/careers.md). */
  careerListing: '/Jobs/CareerListing',
  dropDownValues: '/Jobs/GetRecruitmentManagerDropDownValues',
  statesByCountry: '/Jobs/GetStatesByCountry',
  saveApplicant: '/Jobs/SaveApplicantDetail',
  downloadAttachment: '/Physical/DownloadAttachment',
  adminJobs: '/admin/jobs',
} as const;
