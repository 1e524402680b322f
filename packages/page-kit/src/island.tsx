import type { ComponentType, ReactNode } from 'react';

/**
 * When an island hydrates: on the visitor's first sign of using it (pointer over it, focus in
 * it, a touch), once it scrolls into view, when the page is idle, or not at all (it has nothing
 * to do on this visit). Until then it is the server's HTML.
 */
export type HydrateWhen = 'interaction' | 'visible' | 'idle' | 'never';

/** One kind of island: its component, loaded when it hydrates, and when that is. */
export interface IslandSpec {
  load: () => Promise<ComponentType<never>>;
  /** Decided once the page has loaded, from the island's own element. */
  when: (element: HTMLElement) => HydrateWhen;
}

/** A site's islands by the name their `<Island>` carries (the site's own table). */
export type IslandTable = Readonly<Record<string, IslandSpec>>;

export interface IslandProps<Name extends string = string> {
  /** Picks its component in the site's island table. */
  name: Name;
  /** Plain data only: they travel in the HTML, as JSON. */
  props?: object;
  children: ReactNode;
}

/**
 * Marks an interactive part of a page (an "island"): the server renders it with the page, and
 * on a page of islands the browser hydrates only these (scheduleIslands), each on its own,
 * instead of the whole page. The element takes no room of its own (`display: contents`, the
 * site's `.island` rule). A site narrows `Name` to its own islands: `Island<'header' | …>`.
 */
export function Island<Name extends string = string>({ name, props, children }: IslandProps<Name>) {
  return (
    <div
      className="island"
      data-island={name}
      data-props={props ? JSON.stringify(props) : undefined}
    >
      {children}
    </div>
  );
}

/** What a site gives its islands' runtime (scheduleIslands). */
export interface IslandOptions {
  /** The site's islands, by name. */
  islands: IslandTable;
  /**
   * Starts the whole site in the page, drawing `to` (the URL is there already). Links in
   * islands load pages; once the page holds what only memory keeps (pageMemory), they call this
   * instead, and what memory keeps is still there. Without it, links always load pages.
   */
  startInPlace?: (to: string) => void;
}
