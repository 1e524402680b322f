import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConflictsQuery, Interview, ScheduleInput } from '@lumenfield/contract';
import { installDialogPolyfill } from '../../../careers/test-support';
import {
  applicant,
  json,
  mockSignedIn,
  mockSignedInAs,
  renderConsole,
} from '../../shell/test-support';

installDialogPolyfill();

const tech = {
  id: 7,
  name: 'Technical',
  durationMinutes: 60,
  kind: 'video' as const,
  focusAttributes: ['SQL'],
  questions: ['Explain an index.'],
};
const stored = (over: Partial<Interview> = {}): Interview => ({
  id: 5,
  applicantId: 12,
  status: 'scheduled',
  startsAt: '2026-03-09T13:00:00.000Z',
  endsAt: '2026-03-09T14:00:00.000Z',
  timeZone: 'America/New_York',
  durationMinutes: 60,
  location: 'https://meet.example.com/x',
  sequence: 0,
  planInterview: { ...tech, stage: 'Interview', removed: false },
  interviewers: [{ userId: 4, name: 'Mara Manila', email: 'mara@example.com' }],
  offer: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe('interviews on the applicant’s page', () => {
  it('shows conflicts as the schedule is typed, schedules, lists it in the viewer’s zone and cancels after a yes', async () => {
    let interviews: Interview[] = [];
    const scheduled: ScheduleInput[] = [];
    const asked: ConflictsQuery[] = [];
    const cancelled: string[] = [];
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(applicant()),
      'GET /recruiters/session/working-hours': () => json({ timeZone: 'Asia/Manila', hours: [] }),
      'GET /recruiters/applicants/12/interviews': () => json(interviews),
      'GET /recruiters/jobs/3/interview-plan': () =>
        json({ stages: [{ stage: 'Interview', interviews: [tech] }] }),
      'GET /recruiters/interviewers': () =>
        json([
          { userId: 4, name: 'Mara Manila', email: 'mara@example.com', timeZone: 'Asia/Manila' },
          { userId: 6, name: 'Nia York', email: 'nia@example.com', timeZone: null },
        ]),
      'POST /recruiters/interviews/conflicts': (_url, init) => {
        const query = JSON.parse(String(init?.body)) as ConflictsQuery;
        asked.push(query);
        return json({
          startsAt: '2026-03-09T13:00:00.000Z',
          endsAt: '2026-03-09T14:00:00.000Z',
          interviewers: query.interviewerIds.map((userId) =>
            userId === 4
              ? {
                  userId,
                  name: 'Mara Manila',
                  timeZone: 'Asia/Manila',
                  theirTime: 'Mon 2026-03-09 21:00–22:00',
                  hours: 'outside',
                  overlapping: [
                    {
                      interviewId: 9,
                      applicantId: 30,
                      applicantName: 'Ana Cruz',
                      name: 'Culture',
                      startsAt: '2026-03-09T13:30:00.000Z',
                      endsAt: '2026-03-09T14:30:00.000Z',
                    },
                  ],
                }
              : {
                  userId,
                  name: 'Nia York',
                  timeZone: null,
                  theirTime: null,
                  hours: 'no-hours',
                  overlapping: [],
                },
          ),
        });
      },
      'POST /recruiters/applicants/12/interviews': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as ScheduleInput;
        scheduled.push(body);
        interviews = [stored()];
        return json(interviews[0], 201);
      },
      'DELETE /recruiters/interviews/5': () => {
        cancelled.push('5');
        interviews = [stored({ status: 'cancelled', sequence: 1 })];
        return new Response(null, { status: 204 });
      },
    });
    renderConsole('/recruiters/applicants/12');
    const panel = await screen.findByRole('region', { name: 'Interviews' });
    expect(await within(panel).findByText('No interviews yet.')).toBeInTheDocument();
    expect(within(panel).getByText('Times in Asia/Manila (your time zone).')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule interview' }));
    const form = within(panel).getByRole('form', { name: 'Schedule interview' });
    await userEvent.selectOptions(
      await within(form).findByLabelText('Interview'),
      'Technical (60 min, Video)',
    );
    expect(within(form).getByLabelText('Duration (minutes)')).toHaveValue(60);
    await userEvent.type(within(form).getByLabelText('Date'), '2026-03-09');
    await userEvent.type(within(form).getByLabelText('Start time'), '09:00');
    await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'America/New_York');
    await userEvent.click(await within(form).findByLabelText('Mara Manila (Asia/Manila)'));
    await userEvent.click(within(form).getByLabelText('Nia York'));
    await userEvent.type(
      within(form).getByLabelText('Location or video link'),
      'https://meet.example.com/x',
    );

    const checks = within(form).getByRole('region', { name: 'Checks before scheduling' });
    expect(await within(checks).findByText(/outside their working hours/)).toHaveTextContent(
      'outside their working hours (Mon 2026-03-09 21:00–22:00 in Asia/Manila).',
    );
    expect(checks).toHaveTextContent('One interviewer has a conflict: you may still schedule.');
    expect(checks).toHaveTextContent(
      'Already in “Culture” with Ana Cruz, Mon, Mar 9, 2026, 9:30 PM–10:30 PM.',
    );
    expect(checks).toHaveTextContent('Nia York: no working hours set.');
    expect(asked.at(-1)).toEqual({
      startsAt: '2026-03-09T09:00',
      timeZone: 'America/New_York',
      durationMinutes: 60,
      interviewerIds: [4, 6],
    });

    await userEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await within(panel).findByText('The interview was scheduled.')).toBeInTheDocument();
    expect(scheduled).toEqual([
      {
        planInterviewId: 7,
        startsAt: '2026-03-09T09:00',
        timeZone: 'America/New_York',
        durationMinutes: 60,
        interviewerIds: [4, 6],
        location: 'https://meet.example.com/x',
      },
    ]);
    const item = (await within(panel).findByRole('heading', { name: 'Technical (Video)' })).closest(
      'li',
    )!;
    // 13:00 UTC is 9:00 PM in Manila, the viewer's zone; the zone it was set in is named too.
    expect(item).toHaveTextContent(
      'Mon, Mar 9, 2026, 9:00 PM–10:00 PM (9:00 AM in America/New_York)',
    );

    await userEvent.click(within(item).getByRole('button', { name: 'Cancel Technical' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this interview?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    expect(cancelled).toEqual([]);
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel Technical' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel it',
      }),
    );
    await waitFor(() => expect(cancelled).toEqual(['5']));
    expect(await within(panel).findByText('Technical (Video) · Cancelled')).toBeInTheDocument();
  });

  it('an interviewer reads their own interviews with the kit open and a link to their scorecard, and changes nothing', async () => {
    mockSignedInAs('interviewer', {
      'GET /recruiters/applicants/12': () => json(applicant()),
      'GET /recruiters/session/working-hours': () => json({ timeZone: 'Asia/Manila', hours: [] }),
      'GET /recruiters/applicants/12/interviews': () =>
        json([
          stored({
            interviewers: [
              { userId: 4, name: 'Mara Manila', email: 'mara@example.com' },
              { userId: 2, name: 'Rita Recruiter', email: 'rita@example.com' },
            ],
          }),
        ]),
    });
    renderConsole('/recruiters/applicants/12');
    const panel = await screen.findByRole('region', { name: 'Your interviews' });
    expect(await within(panel).findByText('Technical (Video)')).toBeVisible();
    // The kit is what they came for: open, its questions shown.
    expect(within(panel).getByText('Explain an index.')).toBeVisible();
    expect(
      within(panel).getByRole('link', { name: 'Open your scorecard for Technical' }),
    ).toHaveAttribute('href', '/recruiters/interviews/5/scorecard');
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Stage' })).toBeNull();
  });
});
