import type { ApplicantStage } from '@lumenfield/contract';

/**
 * Seeded stage histories, for the reports' test (routes/recruiters/reports.test.ts) and their
 * bench (bench/reports/run.mjs): the same draws on every run, so the figures can be checked
 * and compared.
 */

/** A seeded generator (mulberry32) of numbers in [0, 1). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `weighted`'s values, each as likely as its weight. */
export function pick<T>(rand: () => number, weighted: [T, number][]): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let roll = rand() * total;
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

/** Where a stage may go next, with weights; 'stay' ends the path. */
export type NextStages = Partial<Record<ApplicantStage, [ApplicantStage | 'stay', number][]>>;

/** The way forward from New to Hired, as both histories draw it; each adds its own way back. */
export const FORWARD: NextStages = {
  New: [
    ['Screening', 5],
    ['Interview', 1],
    ['Rejected', 2],
    ['stay', 2],
  ],
  Screening: [
    ['Interview', 5],
    ['Rejected', 3],
    ['Withdrawn', 1],
    ['stay', 1],
  ],
  Interview: [
    ['Offer', 5],
    ['Rejected', 3],
    ['Withdrawn', 1],
    ['stay', 1],
  ],
  Offer: [
    ['Hired', 6],
    ['Rejected', 2],
    ['stay', 2],
  ],
};

/**
 * One applicant's path from New, applied at `applied` (ms): each move drawn from `next`, half
 * a day to 20.5 days after the one before; `move` makes each step (and may draw more from
 * `rand`, in turn).
 */
export function stagePath<M>(
  rand: () => number,
  next: NextStages,
  applied: number,
  move: (stage: ApplicantStage, at: number) => M,
): M[] {
  const moves: M[] = [];
  let stage: ApplicantStage = 'New';
  let at = applied;
  for (;;) {
    const chosen: ApplicantStage | 'stay' = pick(rand, next[stage] ?? [['stay', 1]]);
    if (chosen === 'stay') break;
    at += Math.round((0.5 + rand() * 20) * 24) * 3_600_000;
    stage = chosen;
    moves.push(move(stage, at));
  }
  return moves;
}
