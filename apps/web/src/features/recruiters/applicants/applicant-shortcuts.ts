/** What a key does on an applicant's page. */
export type Shortcut = 'next' | 'previous' | 'stage' | 'note' | 'help';

/** The keys and what each does: the help dialog lists them, the page acts on them. */
export const APPLICANT_SHORTCUTS: readonly {
  keys: readonly string[];
  shortcut: Shortcut;
  does: string;
}[] = [
  { keys: ['j'], shortcut: 'next', does: 'Next applicant in the list' },
  { keys: ['k'], shortcut: 'previous', does: 'Previous applicant in the list' },
  { keys: ['s'], shortcut: 'stage', does: 'Go to the stage' },
  { keys: ['n'], shortcut: 'note', does: 'Write a note' },
  { keys: ['?'], shortcut: 'help', does: 'Show these shortcuts' },
];

const KEYS: Readonly<Record<string, Shortcut>> = Object.fromEntries(
  APPLICANT_SHORTCUTS.flatMap(({ keys, shortcut }) => keys.map((key) => [key, shortcut])),
);

/** Where a key is typed rather than pressed: a field, a choice, an editor, an open dialog. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), dialog';

/**
 * The shortcut a key press means, if any: none with Ctrl, Alt or Meta (the browser's and the
 * screen reader's), none while typing in a field or inside a dialog, none twice for one press.
 */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}): Shortcut | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return undefined;
  if (event.isComposing) return undefined;
  if (event.target instanceof Element && event.target.closest(TYPING)) return undefined;
  return KEYS[event.key];
}

/** Where a person's choice to turn the keys off is kept, in their browser. */
const OFF_KEY = 'lumenfield.console.shortcuts';

/**
 * Whether the single-key shortcuts are on: on, unless the person turned them off in the help
 * dialog. A key without a modifier can be pressed by chance, and speech input types letters, so
 * each person can turn them off (docs/recruiters.md, "Keyboard shortcuts").
 */
export function shortcutsOn(): boolean {
  try {
    return localStorage.getItem(OFF_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setShortcutsOn(on: boolean): void {
  try {
    if (on) localStorage.removeItem(OFF_KEY);
    else localStorage.setItem(OFF_KEY, 'off');
  } catch {
    // No storage (a private window may refuse it): the keys stay as they are for this page.
  }
}
