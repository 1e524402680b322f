import { apiPaths, dropDownOptionListSchema, type DropDownOption } from '@lumenfield/contract';
import { apiRequest } from '@/lib/api-client';

/**
 * Reference lists for the apply form. They change rarely, so each answer is kept for the
 * page's lifetime: reopening the form or choosing a country again costs no request.
 */
const cache = new Map<string, Promise<DropDownOption[]>>();

function cached(key: string, load: () => Promise<DropDownOption[]>): Promise<DropDownOption[]> {
  const hit = cache.get(key);
  if (hit) return hit;
  const promise = load();
  cache.set(key, promise);
  // A failed load is forgotten so the next attempt asks the server again.
  promise.catch(() => cache.delete(key));
  return promise;
}

export function fetchCountries(): Promise<DropDownOption[]> {
  return cached('Country', () =>
    apiRequest('GET', apiPaths.dropDownValues, {
      query: { ControlName: 'Country' },
      schema: dropDownOptionListSchema,
    }),
  );
}

export function fetchExperienceBands(): Promise<DropDownOption[]> {
  return cached('Experience', () =>
    apiRequest('GET', apiPaths.dropDownValues, {
      query: { ControlName: 'Experience' },
      schema: dropDownOptionListSchema,
    }),
  );
}

export function fetchStates(countryId: number): Promise<DropDownOption[]> {
  return cached(`State:${countryId}`, () =>
    apiRequest('GET', apiPaths.statesByCountry, {
      query: { CountryID: countryId },
      schema: dropDownOptionListSchema,
    }),
  );
}

/** Tests only: forget every cached list. */
export function clearOptionCache() {
  cache.clear();
}
