import { JOB_ID_SESSION_KEY } from '@lumenfield/contract';

/**
 * 'YYYY-MM-DD HH:mm' (year-month-day hour:minute, docs/careers.md) in the visitor's own time zone, or in
 * UTC where the visitor's is not known (the server's render, and the browser's hydrating it).
 */
export function formatEffectiveFrom(iso: string, zone: 'local' | 'utc' = 'local'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  const utc = zone === 'utc';
  const [year, month, day, hours, minutes] = utc
    ? [
        date.getUTCFullYear(),
        date.getUTCMonth(),
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
      ]
    : [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()];
  return `${year}-${pad(month + 1)}-${pad(day)} ${pad(hours)}:${pad(minutes)}${utc ? ' UTC' : ''}`;
}

export type JobIdChoice =
  | { kind: 'id'; jobId: number }
  /** The query named something that cannot be a job ('abc', '-1'). */
  | { kind: 'invalid' }
  /** Neither the query nor this tab's session remembers a job. */
  | { kind: 'none' };

const ID = /^\d{1,9}$/;

/** The job to show: the query's JobID, or the one remembered for this tab (docs/architecture.md). */
export function chooseJobId(queryValue: string | null, storage: Storage | undefined): JobIdChoice {
  if (queryValue !== null && queryValue.trim() !== '') {
    const value = queryValue.trim();
    if (!ID.test(value) || Number(value) === 0) return { kind: 'invalid' };
    return { kind: 'id', jobId: Number(value) };
  }
  let remembered: string | null = null;
  try {
    remembered = storage?.getItem(JOB_ID_SESSION_KEY) ?? null;
  } catch {
    remembered = null;
  }
  if (remembered && ID.test(remembered) && Number(remembered) > 0)
    return { kind: 'id', jobId: Number(remembered) };
  return { kind: 'none' };
}

/** Remembers the shown job for this tab, for a later visit without the query. */
export function rememberJobId(jobId: number, storage: Storage | undefined) {
  try {
    storage?.setItem(JOB_ID_SESSION_KEY, String(jobId));
  } catch {
    // Storage can be full or disabled; the query alone is enough to show the job.
  }
}
