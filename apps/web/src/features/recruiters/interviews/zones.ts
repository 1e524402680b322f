/** The browser's own IANA time zone. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let known: readonly string[] | undefined;
/** The zones a select offers, A–Z; `also` (a stored or the browser's zone) is never missing. */
export function zoneChoices(...also: (string | null | undefined)[]): string[] {
  known ??= Intl.supportedValuesOf('timeZone');
  const extra = also.filter((zone): zone is string => Boolean(zone) && !known!.includes(zone!));
  return [...new Set([...known, ...extra])].sort();
}

/** "Mon, Mar 9, 2026, 9:00 AM" in `zone`. */
export function formatInZone(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "9:00 AM" in `zone`. */
export const clockInZone = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

/** An instant's wall date and time in `zone`, as a date and a time input hold them. */
export function wallTimeIn(iso: string, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
