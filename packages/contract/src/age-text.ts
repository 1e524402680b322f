/** Whole units elapsed since an opening's EffectiveFrom, as the listing reports them. */
export interface PostedAge {
  DateCount: number;
  HourCount: number;
  MinuteCount?: number | undefined;
}

/**
 * The posted-age text of a careers row (docs/careers.md): days when at least one day has passed,
 * hours when at least one hour has, minutes otherwise. The unit words are the spec's own
 * ('N Hours ago', '1 Hour ago', 'N Minute ago', '1 day ago', 'N days ago').
 */
export function postedAgeText({ DateCount, HourCount, MinuteCount }: PostedAge): string {
  if (DateCount > 1) return `${DateCount} days ago`;
  if (DateCount === 1) return '1 day ago';
  if (HourCount > 1) return `${HourCount} Hours ago`;
  if (HourCount === 1) return '1 Hour ago';
  return `${Math.max(0, MinuteCount ?? 0)} Minute ago`;
}

/** The count line beside 'Career Opportunities': singular for 0 or 1, plural above. */
export function openingsCountText(count: number): string {
  return `${count} ${count > 1 ? 'Current Openings' : 'Current Opening'}`;
}
