import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  allowedMoves,
  APPLICANT_STAGES,
  canMove,
  applicantStatusOf,
  consoleStageChoices,
  INITIAL_STAGE,
  isOpenStage,
  STAGE_TRAITS,
  stageLists,
  stageMoveRefusal,
  withdrawalRefusal,
  type ApplicantStage,
} from './pipeline';

const OPEN: ApplicantStage[] = ['New', 'Screening', 'Interview', 'Offer'];

describe('the stage model', () => {
  it('starts everyone in New; New to Offer are open, Hired, Rejected and Withdrawn are not', () => {
    expect(INITIAL_STAGE).toBe('New');
    expect(APPLICANT_STAGES.filter(isOpenStage)).toEqual(OPEN);
  });

  it('moves freely between open stages, forward and back, and to Rejected from any of them', () => {
    for (const from of OPEN) {
      for (const to of [...OPEN, 'Rejected'] as const) {
        expect(canMove(from, to), `${from} -> ${to}`).toBe(from !== to);
      }
    }
  });

  it('hires from Offer only', () => {
    expect(APPLICANT_STAGES.filter((from) => canMove(from, 'Hired'))).toEqual(['Offer']);
    expect(stageMoveRefusal('Interview', 'Hired')).toBe(
      'Only an applicant in Offer can be hired; this one is in Interview.',
    );
    expect(stageMoveRefusal('Rejected', 'Hired')).toBe(
      'Only an applicant in Offer can be hired; this one is in Rejected.',
    );
  });

  it('reopens a hired or rejected applicant in any open stage, not straight to the other end', () => {
    expect(allowedMoves('Rejected')).toEqual(OPEN);
    expect(allowedMoves('Hired')).toEqual(OPEN);
    expect(allowedMoves('Withdrawn')).toEqual(OPEN);
    expect(stageMoveRefusal('Hired', 'Rejected')).toBe(
      'A hired applicant is moved back to an open stage first.',
    );
  });

  it('refuses a move to the stage the applicant is already in, whichever it is', () => {
    for (const stage of APPLICANT_STAGES) {
      expect(stageMoveRefusal(stage, stage)).toBe(`The applicant is already in ${stage}.`);
      expect(allowedMoves(stage)).not.toContain(stage);
    }
  });

  it('lists the allowed moves in the console order', () => {
    expect(allowedMoves('New')).toEqual(['Screening', 'Interview', 'Offer', 'Rejected']);
    expect(allowedMoves('Offer')).toEqual(['New', 'Screening', 'Interview', 'Hired', 'Rejected']);
  });

  it('leaves withdrawing to the applicant: no recruiter move reaches Withdrawn', () => {
    for (const from of APPLICANT_STAGES) {
      expect(canMove(from, 'Withdrawn'), from).toBe(false);
    }
    expect(stageMoveRefusal('New', 'Withdrawn')).toBe(
      'Only the applicant can withdraw an application.',
    );
  });

  it('lets the applicant withdraw until an offer is made, and says why not after', () => {
    expect(APPLICANT_STAGES.filter((stage) => !withdrawalRefusal(stage))).toEqual([
      'New',
      'Screening',
      'Interview',
    ]);
    expect(withdrawalRefusal('Offer')).toMatch(/offer has been made/);
    expect(withdrawalRefusal('Withdrawn')).toMatch(/withdrawn this application already/);
    expect(withdrawalRefusal('Rejected')).toMatch(/closed/);
  });

  it('speaks the applicant’s words: a rejection and a withdrawal both read Closed', () => {
    expect(APPLICANT_STAGES.map(applicantStatusOf)).toEqual([
      'Received',
      'In review',
      'Interviewing',
      'Offer',
      'Hired',
      'Closed',
      'Closed',
    ]);
  });

  it('lists Withdrawn in the console only for an applicant who withdrew', () => {
    expect(consoleStageChoices('New')).not.toContain('Withdrawn');
    expect(consoleStageChoices('Withdrawn')).toEqual(APPLICANT_STAGES);
  });
});

describe('the stage lists, computed from the model', () => {
  it('puts a new stage in every list its traits name, in the model’s order', () => {
    const stages = ['New', 'Screening', 'Assessment', 'Interview', 'Offer', 'Hired', 'Rejected'];
    const lists = stageLists(stages, {
      ...STAGE_TRAITS,
      Assessment: { open: true, funnel: true, withdrawable: true, status: 'In review' },
    });
    expect(lists.funnel).toEqual(['New', 'Screening', 'Assessment', 'Interview', 'Offer', 'Hired']);
    expect(lists.open).toEqual(['New', 'Screening', 'Assessment', 'Interview', 'Offer']);
    expect(lists.withdrawable).toEqual(['New', 'Screening', 'Assessment', 'Interview']);
  });

  it('leaves a stage off the funnel out of it, and a closed one out of the open list', () => {
    const lists = stageLists(['New', 'OnHold'], {
      New: STAGE_TRAITS.New,
      OnHold: { open: false, funnel: false, withdrawable: false, status: 'Closed' },
    });
    expect(lists.funnel).toEqual(['New']);
    expect(lists.open).toEqual(['New']);
  });

  it('has traits for exactly the stages there are (checked by tsc, as the table is)', () => {
    expectTypeOf<keyof typeof STAGE_TRAITS>().toEqualTypeOf<ApplicantStage>();
    expect(Object.keys(STAGE_TRAITS)).toEqual([...APPLICANT_STAGES]);
  });
});
