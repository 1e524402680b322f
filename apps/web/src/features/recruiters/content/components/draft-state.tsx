import type { ContentEntrySummary } from '@lumenfield/site-content';
import { When } from '../../common/components/when';

/** A draft as the list and the editor say it: none, saved at a time, or scheduled for one. */
export function DraftState({ draft }: { draft: ContentEntrySummary['draft'] }) {
  if (!draft) return <>No draft</>;
  if (draft.publishAt) {
    return (
      <>
        Scheduled for <When iso={draft.publishAt} />
      </>
    );
  }
  return (
    <>
      Draft saved <When iso={draft.updatedAt} />
      {draft.createdBy ? <> (begun by {draft.createdBy})</> : null}
    </>
  );
}
