const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A time as the reader's clock shows it, in a <time> with the exact value. */
export function When({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return <time dateTime={iso}>{(withTime ? dateTime : dateOnly).format(date)}</time>;
}
