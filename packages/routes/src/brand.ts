/**
 * The company's name as the site shows it to people and search engines: every page's title and
 * sharing card, the footer's copyright, the job postings' hiring organisation and the careers
 * mail. The web app's site configuration and the server both take it from here.
 */
export const BRAND = 'Lumenfield Technology Partners';
