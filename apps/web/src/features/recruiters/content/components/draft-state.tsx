import type { ContentEntrySummary } from '@lumenfield/site-content';
import { When } from '../../common/components/when';

/** A draft as the list and the editor say it: none, saved at a time, or scheduled for one. */
export function DraftState({ draft }: { draft: ContentEntrySummary['draft'] }) {
  // One element: a table cell shown as a card on a phone lays out its children as cells.
  if (!draft) return <span>No draft</span>;
  if (draft.publishAt) {
    return (
      <span>
        Scheduled for <When iso={draft.publishAt} />
      </span>
    );
  }
  return (
    <span>
      Draft saved <When iso={draft.updatedAt} />
      {draft.createdBy ? <> (begun by {draft.createdBy})</> : null}
    </span>
  );
}
