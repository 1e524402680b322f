/** Every API path of docs/api.md and docs/recruiters.md, relative to API_BASE_PATH. */
export const apiPaths = {
  careerDetails: '/Jobs/CareerDetailsRetrival',
  dropDownValues: '/Jobs/GetRecruitmentManagerDropDownValues',
  statesByCountry: '/Jobs/GetStatesByCountry',
  saveApplicant: '/Jobs/SaveApplicantDetail',
  downloadAttachment: '/Physical/DownloadAttachment',
  adminJobs: '/admin/jobs',
} as const;
