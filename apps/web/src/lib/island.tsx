import type { ReactNode } from 'react';

/**
 * Marks an interactive part of a page (an "island"): the server renders it with the page, and
 * on a page rendered at build time the browser hydrates only these (src/main.tsx), each on its
 * own, instead of the whole page. `name` picks its component (src/app/islands.tsx); `props`
 * must be plain data, as they travel in the HTML. The element takes no room of its own
 * (`display: contents`).
 */
/** Every island a page may carry (each has its component in src/app/islands.tsx). */
export type IslandName =
  | 'header'
  | 'inactivity'
  | 'tell-me'
  | 'timeline'
  | 'office-tabs'
  | 'service-tabs'
  | 'careers'
  | 'job-apply';

export function Island({
  name,
  props,
  children,
}: {
  name: IslandName;
  props?: object;
  children: ReactNode;
}) {
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
