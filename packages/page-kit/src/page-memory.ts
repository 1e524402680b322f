/**
 * Whether this document holds something only memory keeps: the apply dialog's draft (what was
 * typed, the chosen file), which is never written to browser storage. On a page of islands a
 * link loads the next page; once the dialog has been opened, a link followed inside an island
 * moves in place instead (the whole site starts, src/app/start-islands.tsx), so the draft is
 * still there on the job's page (docs/architecture.md, "Careers islands").
 */
let holds = false;

export const pageMemory = {
  /** The apply dialog has been opened in this document. */
  hold() {
    holds = true;
  },
  get holds() {
    return holds;
  },
};
