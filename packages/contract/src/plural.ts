const pluralRules = new Intl.PluralRules('en');

/**
 * "1 applicant", "2 applicants", "0 applicants": a count with its noun in the right number, by
 * Intl.PluralRules. The one helper for every count the console, its audit log and the command
 * line say.
 */
export function counted(count: number, [one, other]: readonly [string, string]): string {
  return `${count} ${pluralRules.select(count) === 'one' ? one : other}`;
}

/** The noun alone, in the number `count` asks for ("applicant" or "applicants"). */
export function pluralOf(count: number, [one, other]: readonly [string, string]): string {
  return pluralRules.select(count) === 'one' ? one : other;
}
