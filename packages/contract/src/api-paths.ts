/** Every API path of spec §7 and CONTRACT §3-§4, relative to API_BASE_PATH. */
export const apiPaths = {
  careerDetails: '/Jobs/CareerDetailsRetrival',
  dropDownValues: '/Jobs/GetRecruitmentManagerDropDownValues',
  statesByCountry: '/Jobs/GetStatesByCountry',
  saveApplicant: '/Jobs/SaveApplicantDetail',
  downloadAttachment: '/Physical/DownloadAttachment',
  adminJobs: '/admin/jobs',
} as const;
