import { getTimeZones } from '@vvo/tzdb';
import { isTimeZone } from '@lumenfield/contract';

/**
 * The time zones a candidate chooses from (docs/careers.md, "Booking an interview"), from a
 * maintained list that groups the IANA names one region keeps the same clocks under and names
 * each by its people's words and main cities ("India Time - Mumbai, Delhi, Bengaluru"), where
 * the runtime's own list knows India only as "Asia/Calcutta".
 */
const zones = getTimeZones({ includeUtc: true });

export interface ZoneChoice {
  value: string;
  label: string;
}

/** In the list's order: by offset from UTC, west to east. */
export const ZONE_CHOICES: readonly ZoneChoice[] = zones.map((zone) => ({
  value: zone.name,
  label: `${zone.alternativeName} - ${zone.mainCities.slice(0, 3).join(', ')} (${zone.name.replaceAll('_', ' ')})`,
}));

const byName = new Map(zones.flatMap((zone) => zone.group.map((name) => [name, zone] as const)));

/**
 * The list's own name for `zone` (its group's: "Asia/Calcutta" is "Asia/Kolkata"), the zone
 * itself when the runtime knows it but the list does not, else undefined.
 */
export function canonicalZone(zone: string): string | undefined {
  const found = byName.get(zone);
  if (found) return found.name;
  return isTimeZone(zone) ? zone : undefined;
}

/** Every name of `zone`'s group (a device may report any of them). */
export const zoneNames = (zone: string): string[] => byName.get(zone)?.group ?? [zone];
