import { describe, expect, it } from 'vitest';
import { INITIAL_STAGE } from './pipeline';
import { FUNNEL_AFTER_APPLYING, FUNNEL_STAGES, WAITING_STAGES } from './reports';

describe("the reports' stage lists", () => {
  it('count the funnel from applying to Hired, and time in stage over the open stages', () => {
    expect(FUNNEL_STAGES).toEqual(['New', 'Screening', 'Interview', 'Offer', 'Hired']);
    expect(WAITING_STAGES).toEqual(['New', 'Screening', 'Interview', 'Offer']);
  });

  it('start the funnel where every applicant starts, so the sources report counts the rest', () => {
    expect(FUNNEL_STAGES[0]).toBe(INITIAL_STAGE);
    expect(FUNNEL_AFTER_APPLYING).toEqual(['Screening', 'Interview', 'Offer', 'Hired']);
  });
});
