import { EMPLOYEE_DETAILS_STORAGE_KEY } from '@lumenfield/contract';

/** EmployeeDetails (docs/architecture.md, Inactivity): base64-encoded JSON in localStorage; PageReloadTime is in minutes. */
export interface EmployeeDetails {
  EmployeeID: number | string;
  PageReloadTime: number;
}

function decodeBase64Utf8(value: string): string {
  const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function isEmployeeDetails(value: unknown): value is EmployeeDetails {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    (typeof record.EmployeeID === 'number' || typeof record.EmployeeID === 'string') &&
    typeof record.PageReloadTime === 'number' &&
    Number.isFinite(record.PageReloadTime) &&
    record.PageReloadTime > 0
  );
}

/** The stored record, or null; a corrupt record is removed. */
export function readEmployeeDetails(storage: Storage = localStorage): EmployeeDetails | null {
  const raw = storage.getItem(EMPLOYEE_DETAILS_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(decodeBase64Utf8(raw));
    if (isEmployeeDetails(parsed)) return parsed;
  } catch {
    // fall through: not base64, not UTF-8 or not JSON
  }
  storage.removeItem(EMPLOYEE_DETAILS_STORAGE_KEY);
  return null;
}

export function writeEmployeeDetails(details: EmployeeDetails, storage: Storage = localStorage) {
  const bytes = new TextEncoder().encode(JSON.stringify(details));
  storage.setItem(EMPLOYEE_DETAILS_STORAGE_KEY, btoa(String.fromCharCode(...bytes)));
}
