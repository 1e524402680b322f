import { noteParts } from '@lumenfield/contract';
import './mentions.css';

/** A note as written, its mentions (`@[Name]`) shown highlighted as `@Name`. */
export function NoteText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {noteParts(text).map((part, i) =>
        part.mention ? (
          <mark key={i} className="rc-mention__name">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
