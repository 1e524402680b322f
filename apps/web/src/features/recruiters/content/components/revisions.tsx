import { useState } from 'react';
import type { ContentEntryDetail } from '@lumenfield/site-content';
import { useQuery } from '@tanstack/react-query';
import { contentDiffQuery, contentRevisionsQuery, useRestoreRevision } from '../api';
import { pathLabel } from '../schema-form/form-model';
import { failureText } from '../../common/api/query-client';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { ListTable } from '../../common/components/list-table';
import { ErrorNote, Pending } from '../../common/components/status';
import { When } from '../../common/components/when';

/** A revision compared: with what is live, or with the draft. */
type Comparison = { revisionId: number; against: 'live' | 'draft'; right: number };

/** A value of the content as the diff shows it: words as they are, anything else as data. */
function shown(value: unknown) {
  if (value === undefined) return <span className="rc-muted">(none)</span>;
  if (typeof value === 'string') return value;
  return <code>{JSON.stringify(value)}</code>;
}

function Diff({ id, comparison }: { id: string; comparison: Comparison }) {
  const diff = useQuery(contentDiffQuery(id, comparison.revisionId, comparison.right));
  const title = `Revision ${comparison.revisionId} against ${comparison.against === 'live' ? 'what is live' : 'the draft'}`;
  return (
    <section className="cf-diff" aria-labelledby="cf-diff-title">
      <h3 id="cf-diff-title">{title}</h3>
      <Pending query={diff} what="the differences" />
      {diff.isSuccess && diff.data.changes.length === 0 ? (
        <p className="rc-muted">No field differs.</p>
      ) : null}
      {diff.isSuccess && diff.data.changes.length > 0 ? (
        <ListTable
          caption={title}
          columns={[
            'Field',
            `In revision ${comparison.revisionId}`,
            comparison.against === 'live' ? 'Live' : 'Draft',
          ]}
        >
          {diff.data.changes.map((change) => (
            <tr key={change.path.join('.')}>
              <td data-label="Field">{pathLabel(change.path)}</td>
              <td data-label={`In revision ${comparison.revisionId}`}>{shown(change.before)}</td>
              <td data-label={comparison.against === 'live' ? 'Live' : 'Draft'}>
                {shown(change.after)}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </section>
  );
}

/**
 * The entry's published revisions with who and when; any one compared field by field with what
 * is live or with the draft, or restored as the draft (replacing one, after a question).
 */
export function Revisions({
  entry,
  onRestored,
}: {
  entry: ContentEntryDetail;
  onRestored: (entry: ContentEntryDetail) => void;
}) {
  const revisions = useQuery(contentRevisionsQuery(entry.id));
  const restore = useRestoreRevision(entry.id);
  const [comparison, setComparison] = useState<Comparison>();
  const [restoring, setRestoring] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const live = revisions.data?.revisions[0]?.revisionId;

  const restoreNow = (revisionId: number) =>
    restore.mutate(revisionId, {
      onSuccess: (restored) => {
        setRestoring(undefined);
        setFailure(undefined);
        setComparison(undefined);
        onRestored(restored);
      },
      onError: (error) => {
        setRestoring(undefined);
        setFailure(failureText(error));
      },
    });

  return (
    <section className="rc-card cf-revisions" aria-labelledby="cf-revisions-title">
      <h2 id="cf-revisions-title">Revisions</h2>
      <Pending query={revisions} what="the revisions" />
      {failure ? <ErrorNote message={failure} /> : null}
      {revisions.isSuccess ? (
        <ListTable
          caption="Published revisions, newest first"
          columns={['Revision', 'Published', 'By', 'Compare or restore']}
        >
          {revisions.data.revisions.map((revision) => (
            <tr key={revision.revisionId}>
              <td data-label="Revision">
                {revision.revisionId}
                {revision.revisionId === live ? <span className="rc-action"> Live</span> : null}
              </td>
              <td data-label="Published">
                <When iso={revision.publishedAt} />
              </td>
              <td data-label="By">{revision.publishedBy ?? 'The site’s first version'}</td>
              <td className="rc-actions">
                {(
                  [
                    ['live', revision.revisionId === live ? undefined : live],
                    ['draft', entry.draft?.revisionId],
                  ] as const
                ).map(([against, right]) =>
                  right === undefined ? null : (
                    <button
                      key={against}
                      type="button"
                      className="button button--secondary"
                      aria-label={`Compare with ${against}: revision ${revision.revisionId}`}
                      onClick={() =>
                        setComparison({ revisionId: revision.revisionId, against, right })
                      }
                    >
                      Compare with {against}
                    </button>
                  ),
                )}
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Restore revision ${revision.revisionId}`}
                  disabled={restore.isPending}
                  onClick={() =>
                    entry.draft
                      ? setRestoring(revision.revisionId)
                      : restoreNow(revision.revisionId)
                  }
                >
                  Restore
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {comparison ? (
        <Diff
          key={`${comparison.revisionId}-${comparison.right}`}
          id={entry.id}
          comparison={comparison}
        />
      ) : null}
      {restoring !== undefined ? (
        <ConfirmDialog
          title="Replace the draft?"
          confirmLabel={`Restore revision ${restoring}`}
          cancelLabel="No, keep the draft"
          busy={restore.isPending}
          onConfirm={() => restoreNow(restoring)}
          onCancel={() => setRestoring(undefined)}
        >
          <p>
            Revision {restoring}’s content becomes the draft, in place of the draft there is now,
            which is not kept. Visitors see no change until it is published.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
