import type { IslandOptions } from './island';

/** The visitor's first signs of using an island: its code starts loading then. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Keys a widget answers that do no click of their own (Enter and Space click a button). */
const HELD_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Events an island's code answers that do nothing before it has hydrated. */
const HELD = ['click', 'keydown', 'change'] as const;

/** The control a held event was meant for: buttons, tabs and selects wait for their code. */
function controlOf(event: Event, island: HTMLElement): HTMLElement | null {
  const selector = event.type === 'change' ? 'select' : 'button, [role="tab"]';
  const control = (event.target as Element | null)?.closest<HTMLElement>(selector);
  return control && island.contains(control) ? control : null;
}

interface Held {
  event: Event;
  control: HTMLElement;
  /** A select's choice when it was made (hydrating sets the select to the rendered value). */
  value?: string;
}

/** Does what the held event would have done, now that the island answers. */
function replay({ event, control, value }: Held) {
  if (event instanceof KeyboardEvent) {
    const { key, code, shiftKey, altKey, ctrlKey, metaKey } = event;
    const init = { key, code, shiftKey, altKey, ctrlKey, metaKey, bubbles: true, cancelable: true };
    control.dispatchEvent(new KeyboardEvent('keydown', init));
  } else if (event.type === 'change' && control instanceof HTMLSelectElement) {
    control.value = value ?? control.value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    control.click();
  }
}

/** Hydrates the island when its policy says (its `when`), holding early clicks meanwhile. */
function arm(element: HTMLElement, options: IslandOptions) {
  const spec = options.islands[element.dataset.island ?? ''];
  const when = spec?.when(element) ?? 'never';
  if (when === 'never') return;
  const held: Held[] = [];
  let started = false;
  let live = false;

  const hold = (event: Event) => {
    if (live) return;
    if (event instanceof KeyboardEvent && !HELD_KEYS.has(event.key)) return;
    const control = controlOf(event, element);
    if (!control) return;
    // Links and form fields work as they are; a button's click or a choice waits for its code.
    event.preventDefault();
    event.stopPropagation();
    const value = control instanceof HTMLSelectElement ? control.value : undefined;
    held.push({ event, control, value });
    start();
  };
  const listenForIntent = (on: boolean) => {
    for (const type of INTENT) {
      if (on) element.addEventListener(type, start, { capture: true, passive: true });
      else element.removeEventListener(type, start, true);
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    listenForIntent(false);
    void import('./start-islands')
      .then(({ hydrateIsland }) => hydrateIsland(element, options))
      .then(
        () => {
          live = true;
          for (const type of HELD) element.removeEventListener(type, hold, true);
          element.dataset.hydrated = 'true';
          for (const event of held.splice(0)) replay(event);
        },
        () => {
          // The code did not load (offline, a new deploy): what was held is dropped, and the
          // next sign of use tries again.
          held.length = 0;
          started = false;
          listenForIntent(true);
        },
      );
  };

  for (const type of HELD) element.addEventListener(type, hold, true);
  listenForIntent(true);
  // The page's scripts load after its first paint: a pointer that came to rest on the island,
  // or focus that went into it, before then is the first sign of use.
  if (element.matches(':hover, :focus-within')) start();
  else if (when === 'visible') {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        start();
      }
    });
    // The island's box is its children's (display: contents): observe them.
    for (const child of Array.from(element.children)) observer.observe(child);
  } else if (when === 'idle') {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5_000 });
    else setTimeout(start, 2_000);
  }
}

/**
 * A page of islands: the HTML is the page, and its islands (`<Island>`) hydrate each when it
 * is needed (its `when`), so React's code is not run for a page that is only read. The page
 * answers from now on: an early click is held and done once its island is live.
 */
export function scheduleIslands(options: IslandOptions) {
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('[data-island]'))) {
    arm(element, options);
  }
  // The browser tests wait for this: from here on, the page's buttons and menus answer.
  document.documentElement.dataset.ready = 'true';
}
