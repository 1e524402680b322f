/**
 * The six claims of the home page as CONTENT.md words them, for the unit test and the browser
 * test of the page: written out here, not read from the home seed (site-content), so a change to
 * a claim's words fails both.
 */
export const HOME_CLAIMS = [
  '97% client retention',
  'grown from 1 to 300 people',
  '60% cost reduction in total technology spend within twelve months',
  'over 50% improvement in agent experience and satisfaction',
  'about a decade of Guidewire experience',
  '24/7/365 L2 and L3 cloud support',
];
