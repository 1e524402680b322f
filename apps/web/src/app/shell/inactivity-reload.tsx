import { useEffect } from 'react';
import { readEmployeeDetails } from '@/lib/employee-details';
import { startInactivityTimer } from '@/lib/inactivity-timer';
import { pendingRequests } from '@/lib/pending-requests';

/** Reloads the page after the stored PageReloadTime minutes without an API request. */
export function InactivityReload() {
  useEffect(
    () =>
      startInactivityTimer({
        limitMinutes: () => readEmployeeDetails()?.PageReloadTime ?? null,
        lastActivityAt: () => pendingRequests.lastRequestAt,
        onLimit: () => window.location.reload(),
      }),
    [],
  );
  return null;
}
