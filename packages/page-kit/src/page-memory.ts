/**
 * Whether this document holds something only memory keeps (the site's apply dialog's draft:
 * what was typed, the chosen file, never written to browser storage). On a page of islands a
 * link loads the next page; once the page holds such a thing, a link followed inside an island
 * moves in place instead (the site's `startInPlace`, start-islands.tsx), so it is still there
 * on the next page (docs/architecture.md, "Careers islands").
 */
let holds = false;

export const pageMemory = {
  /** Something only memory keeps is in this document now (the apply dialog was opened). */
  hold() {
    holds = true;
  },
  get holds() {
    return holds;
  },
};
