/**
 * A unique key (an index or the primary key) refused the write, on either engine: an e-mail or
 * a job code in use, or an application's racing submit (its key row, or its serial key).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
