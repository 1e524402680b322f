// The job alerts' code the careers screen loads, as one chunk (one dynamic import, one entry in
// the page's preload map): the list's form and the alerts' own pages.
export { AlertPage } from './alert-page';
export { JobAlertSection } from './alert-section';
