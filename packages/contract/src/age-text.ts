/** Whole units elapsed since an opening's effectiveFrom, as the listing reports them. */
export interface PostedAge {
  days: number;
  hours: number;
  minutes?: number | undefined;
}

/**
 * The posted-age text of a careers row (docs/careers.md): days when at least one day has passed,
 * hours when at least one hour has, minutes otherwise. The unit words are the spec's own
 * ('N Hours ago', '1 Hour ago', 'N Minute ago', '1 day ago', 'N days ago').
 */
export function postedAgeText({ days, hours, minutes }: PostedAge): string {
  if (days > 1) return `${days} days ago`;
  if (days === 1) return '1 day ago';
  if (hours > 1) return `${hours} Hours ago`;
  if (hours === 1) return '1 Hour ago';
  return `${Math.max(0, minutes ?? 0)} Minute ago`;
}

/** The count line beside 'Career Opportunities': singular for 0 or 1, plural above. */
export function openingsCountText(count: number): string {
  return `${count} ${count > 1 ? 'Current Openings' : 'Current Opening'}`;
}
