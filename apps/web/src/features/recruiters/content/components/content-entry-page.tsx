import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { consolePagePaths, type FieldError } from '@lumenfield/contract';
import {
  contentFamilies,
  type ContentEntryDetail,
  type ContentFamilyId,
} from '@lumenfield/site-content';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import { ApiError } from '@/lib/api-client';
import { contentEntryQuery, usePreviewLink, usePublish, useSaveDraft } from '../api';
import { entryName } from '../entry-names';
import { ContentErrorSummary } from '../schema-form/error-summary';
import { errorsByPath, formNodeOf, setAt, type FieldPath } from '../schema-form/form-model';
import { SchemaFields } from '../schema-form/schema-form';
import { failureText } from '../../common/api/query-client';
import { FieldFrame } from '../../common/components/fields';
import { PageHeading } from '../../common/components/page-heading';
import { NoticeNote, Pending, type Notice } from '../../common/components/status';
import { When } from '../../common/components/when';
import { DraftState } from './draft-state';
import { Revisions } from './revisions';
import './content.css';

const NO_DRAFT_MESSAGE = 'There is no draft to publish: change something and save the draft first.';

/** What the form opens with: the draft, or what visitors see when there is none. */
const workingCopy = (entry: ContentEntryDetail) =>
  entry.draftContent !== undefined ? entry.draftContent : entry.published;

/** A `datetime-local` value (the reader's clock) as the instant the API takes, or undefined. */
function instantOf(local: string): string | undefined {
  const date = new Date(local);
  return local === '' || Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function EntryEditor({ entry }: { entry: ContentEntryDetail }) {
  const id = entry.id;
  const node = useMemo(
    () => formNodeOf(contentFamilies[entry.family as ContentFamilyId]),
    [entry.family],
  );
  const [content, setContent] = useState<unknown>(() => workingCopy(entry));
  // What the server holds as the draft (or live): the form differs from it until it is saved.
  const [stored, setStored] = useState(() => JSON.stringify(workingCopy(entry)));
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [when, setWhen] = useState('');
  const [whenError, setWhenError] = useState<string>();
  const [previewUrl, setPreviewUrl] = useState<string>();
  const [refusals, setRefusals] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const save = useSaveDraft(id);
  const publish = usePublish(id);
  const preview = usePreviewLink(id);
  const errors = useMemo(() => errorsByPath(fieldErrors), [fieldErrors]);
  const unsaved = JSON.stringify(content) !== stored;
  const busy = save.isPending || publish.isPending || preview.isPending;

  // A refused save or publish: focus goes to the summary, which lists and links every field.
  useEffect(() => {
    if (refusals > 0) summaryRef.current?.focus();
  }, [refusals]);

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
      setFieldErrors(error.fieldErrors);
      setNotice(null);
      setRefusals((count) => count + 1);
    } else if (error instanceof ApiError && error.status === 409) {
      setNotice({ kind: 'error', text: NO_DRAFT_MESSAGE });
    } else {
      setNotice({ kind: 'error', text: failureText(error) });
    }
  };

  /** Saves the form as the draft when it differs from it; whether the draft is now the form. */
  const saveDraft = async (always: boolean): Promise<boolean> => {
    if (!always && !unsaved) return true;
    try {
      const saved = await save.mutateAsync(content);
      setStored(JSON.stringify(saved.draftContent));
      setFieldErrors([]);
      return true;
    } catch (error) {
      refused(error);
      return false;
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (await saveDraft(true))
      setNotice({ kind: 'ok', text: 'Draft saved. Visitors see no change yet.' });
  };

  const publishAt = async (at: string | undefined) => {
    setNotice(null);
    if (!(await saveDraft(false))) return;
    try {
      await publish.mutateAsync(at);
      setFieldErrors([]);
      setNotice({
        kind: 'ok',
        text: at
          ? `Scheduled: it goes live on ${new Date(at).toLocaleString()}.`
          : 'Published: visitors see it now.',
      });
    } catch (error) {
      refused(error);
    }
  };

  const schedule = () => {
    const at = instantOf(when);
    if (!at) return setWhenError('Choose the day and time to publish it.');
    if (Date.parse(at) <= Date.now()) return setWhenError('Choose a time to come.');
    setWhenError(undefined);
    void publishAt(at);
  };

  const openPreview = async () => {
    setNotice(null);
    // Opened now, while the click still counts as the person's, and sent to the link after.
    const tab = window.open('', '_blank');
    if (!(await saveDraft(false))) return tab?.close();
    try {
      const { url } = await preview.mutateAsync();
      setPreviewUrl(url);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      }
    } catch (error) {
      tab?.close();
      refused(error);
    }
  };

  const change = useCallback(
    (path: FieldPath, value: unknown) => setContent((old: unknown) => setAt(old, path, value)),
    [],
  );

  return (
    <>
      <p className="rc-muted">
        <Link to={consolePagePaths.content}>Site content</Link>
      </p>
      <PageHeading title={entryName(entry).name} />
      <dl className="rc-card rc-facts cf-state">
        <div>
          <dt>Live</dt>
          <dd>
            Version {entry.version}, published <When iso={entry.publishedAt} />
          </dd>
        </div>
        <div>
          <dt>Draft</dt>
          <dd>
            <DraftState draft={entry.draft} />
            {unsaved ? <strong className="cf-unsaved"> · Changes not saved yet</strong> : null}
          </dd>
        </div>
      </dl>
      <ContentErrorSummary errors={errors} summaryRef={summaryRef} />
      <NoticeNote notice={notice} />
      {previewUrl ? (
        <p>
          <a href={previewUrl} target="_blank" rel="noopener noreferrer">
            Open the preview
          </a>{' '}
          <span className="rc-muted">(a private link to the draft; a new one ends it)</span>
        </p>
      ) : null}
      <form className="cf-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <SchemaFields node={node} value={content} errors={errors} onChange={change} />
        <div className="cf-actions">
          <div className="rc-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              Save draft
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void openPreview()}
            >
              Preview<span className="visually-hidden"> (opens a new tab)</span>
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void publishAt(undefined)}
            >
              Publish now
            </button>
          </div>
          <div className="cf-schedule">
            <FieldFrame id="cf-publish-at" label="Publish at" error={whenError}>
              {(control) => (
                <input
                  {...control}
                  type="datetime-local"
                  value={when}
                  onChange={(e) => setWhen(e.target.value)}
                />
              )}
            </FieldFrame>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={schedule}
            >
              Schedule
            </button>
          </div>
        </div>
      </form>
      <Revisions
        entry={entry}
        onRestored={(restored) => {
          setContent(workingCopy(restored));
          setStored(JSON.stringify(workingCopy(restored)));
          setFieldErrors([]);
          setNotice({
            kind: 'ok',
            text: 'The revision is the draft now: preview it, then publish it.',
          });
        }}
      />
    </>
  );
}

/** One page's or block's content, its form made from its family's schema (docs/content.md). */
export default function ContentEntryPage({ entryId }: { entryId: string }) {
  const entry = useQuery(contentEntryQuery(entryId));
  if (!entry.isSuccess) {
    return (
      <>
        <PageHeading title="Site content" />
        <Pending query={entry} what="the content" />
      </>
    );
  }
  return <EntryEditor entry={entry.data} />;
}
