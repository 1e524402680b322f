import { useEffect, useState } from 'react';
import type { ApplicantsQuery } from '@lumenfield/contract';
import { useNavigate } from '@lumenfield/page-kit';
import { Modal } from '@/components/modal';
import { applicantInList } from '../applicant-sort';
import {
  APPLICANT_SHORTCUTS,
  setShortcutsOn,
  shortcutOf,
  shortcutsOn,
} from '../applicant-shortcuts';

/** Where an applicant stands in the list they were opened from (the neighbours' answer). */
export type Around = {
  previous: number | null;
  next: number | null;
  position: number;
  total: number;
};

/** The page's keys, listed in a dialog that '?' (or its button) opens. */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [on, setOn] = useState(shortcutsOn);
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" className="rc-shortcuts">
      <p>On an applicant&rsquo;s page, outside a field:</p>
      <dl className="rc-shortcuts__list">
        {APPLICANT_SHORTCUTS.map(({ keys, does }) => (
          <div key={does}>
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ' or ' : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{does}</dd>
          </div>
        ))}
      </dl>
      <label className="rc-shortcuts__toggle">
        <input
          type="checkbox"
          checked={on}
          onChange={(event) => {
            setShortcutsOn(event.target.checked);
            setOn(event.target.checked);
          }}
        />
        Use these single keys (turn them off if you press them by chance or use speech input)
      </label>
    </Modal>
  );
}

/**
 * The page's keys (applicant-shortcuts.ts): j and k walk the list, s and n go to the stage and
 * the note, ? lists them. A key typed into a field, or with Ctrl, Alt or Meta, is the field's.
 */
export function useShortcuts(
  around: Around | undefined,
  query: ApplicantsQuery,
  openHelp: () => void,
) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut || !shortcutsOn()) return;
      const go = (id: number | null | undefined) => {
        if (id === null || id === undefined) return false;
        navigate(applicantInList(id, query));
        return true;
      };
      const focus = (selector: string) => {
        const target = document.querySelector<HTMLElement>(selector);
        target?.focus();
        return target !== null;
      };
      const done =
        shortcut === 'next'
          ? go(around?.next)
          : shortcut === 'previous'
            ? go(around?.previous)
            : shortcut === 'stage'
              ? focus('#stage-choices input:checked') ||
                focus('#stage-choices input:not([disabled])')
              : shortcut === 'note'
                ? focus('#note-text')
                : (openHelp(), true);
      // The key is spent: 'n' does not also type itself into the note it focused.
      if (done) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [around, query, navigate, openHelp]);
}
