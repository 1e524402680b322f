import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { DESCRIPTION_LINK_ATTRIBUTES, isDescriptionLink } from '@lumenfield/contract';
import './rich-text-editor.css';

/** Whether `href` is one the sanitiser keeps as a link (the allow-list of @lumenfield/contract). */
export const isKeptHref = (href: string): boolean => isDescriptionLink(href);

/**
 * Only what the sanitiser keeps: h2–h4, paragraphs, line breaks, lists, bold, italic, underline,
 * quotes and links; no code, rules or strike-through (they would vanish on save).
 */
export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    protocols: ['mailto', 'tel'],
    isAllowedUri: (url) => isKeptHref(url),
    // As the sanitiser writes every link, so a saved description reads back unchanged.
    HTMLAttributes: DESCRIPTION_LINK_ATTRIBUTES,
  }),
];

/** The editor's HTML, or '' for an empty document (ProseMirror's empty paragraph). */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

interface ToolProps {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  /** The toolbar's one Tab stop until the arrow keys move it. */
  first?: boolean;
}

function Tool({ label, pressed, disabled, onClick, children, first }: ToolProps) {
  return (
    <button
      type="button"
      className="rc-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      tabIndex={first ? 0 : -1}
      // Keep the editor's selection: the button acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** Arrow keys move between the toolbar's buttons; Tab enters and leaves it as one stop. */
function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = Array.from(
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'),
  );
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (index + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons.forEach((button, i) => (button.tabIndex = i === next ? 0 : -1));
  buttons[next]?.focus();
}

export interface RichTextEditorProps {
  id: string;
  labelId: string;
  describedBy?: string;
  initialHtml: string;
  invalid?: boolean;
  onChange: (html: string) => void;
}

/** The description's editor (TipTap) with a small toolbar, restricted to what is kept on save. */
export function RichTextEditor({
  id,
  labelId,
  describedBy,
  initialHtml,
  invalid,
  onChange,
}: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkInput = useRef<HTMLInputElement>(null);

  const editor = useEditor({
    extensions: editorExtensions,
    content: initialHtml,
    // The page's CSP allows no inline <style>: the editor's few rules are in rich-text-editor.css.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        class: 'rc-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(editorHtml(current)),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();

  const openLink = () => {
    setLinkHref(String(editor.getAttributes('link').href ?? ''));
    setLinkError(null);
    setLinkOpen(true);
    requestAnimationFrame(() => linkInput.current?.focus());
  };
  const applyLink = () => {
    const href = linkHref.trim();
    if (href === '') {
      chain().extendMarkRange('link').unsetLink().run();
      setLinkOpen(false);
      return;
    }
    if (!isKeptHref(href)) {
      setLinkError('A link must start with https://, http://, mailto: or tel:.');
      linkInput.current?.focus();
      return;
    }
    chain().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };

  return (
    <div className={`rc-editor${invalid ? ' rc-editor--invalid' : ''}`}>
      <div
        className="rc-toolbar"
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        onKeyDown={onToolbarKey}
      >
        <Tool
          first
          label="Heading"
          pressed={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          H2
        </Tool>
        <Tool
          label="Subheading"
          pressed={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          H3
        </Tool>
        <span className="rc-toolbar__sep" aria-hidden="true" />
        <Tool label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
          <strong>B</strong>
        </Tool>
        <Tool label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
          <em>I</em>
        </Tool>
        <span className="rc-toolbar__sep" aria-hidden="true" />
        <Tool
          label="Bullet list"
          pressed={state.bullet}
          onClick={() => chain().toggleBulletList().run()}
        >
          • List
        </Tool>
        <Tool
          label="Numbered list"
          pressed={state.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1. List
        </Tool>
        <Tool label="Link" pressed={state.link} onClick={openLink}>
          Link
        </Tool>
        <span className="rc-toolbar__sep" aria-hidden="true" />
        <Tool label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          Undo
        </Tool>
        <Tool label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          Redo
        </Tool>
      </div>
      {linkOpen ? (
        <div className="rc-linkbar">
          <label htmlFor={`${id}-link`}>Link address</label>
          <input
            id={`${id}-link`}
            ref={linkInput}
            type="url"
            value={linkHref}
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? `${id}-link-error` : undefined}
            onChange={(event) => setLinkHref(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                setLinkOpen(false);
                editor.commands.focus();
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={applyLink}>
            {linkHref.trim() === '' ? 'Remove link' : 'Apply link'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setLinkOpen(false);
              editor.commands.focus();
            }}
          >
            Cancel
          </button>
          {linkError ? (
            <p id={`${id}-link-error`} className="rc-field__error">
              {linkError}
            </p>
          ) : null}
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
