import type { Place } from '@lumenfield/contract';

let names: Intl.DisplayNames | undefined;

/** A country's English name from its alpha-2 code ("IN" -> "India"); the code if unknown. */
export function countryName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A place as a visitor reads it: "Denver, CO, United States" (a region code without its country). */
export function placeText(place: Place): string {
  const region = place.region.replace(new RegExp(`^${place.country}-`), '');
  return [place.city, region, countryName(place.country)]
    .filter((part) => part.trim() !== '')
    .join(', ');
}
