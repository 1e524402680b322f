import type { MessagePreview } from '@lumenfield/contract';

/** A message as the applicant will read it (placeholders filled), before it is sent. */
export function PreviewBox({ preview, label }: { preview: MessagePreview; label: string }) {
  return (
    <section className="rc-preview" aria-label={label}>
      <p className="rc-preview__subject">
        <span className="rc-muted">Subject:</span> {preview.subject}
      </p>
      <p className="rc-message-body">{preview.body}</p>
    </section>
  );
}
