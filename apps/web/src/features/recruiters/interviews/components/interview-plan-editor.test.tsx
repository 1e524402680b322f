import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InterviewPlan, InterviewPlanInput, PlanInterview } from '@lumenfield/contract';
import { job, json, mockSignedIn, problem, renderConsole } from '../../shell/test-support';

const empty = (): InterviewPlan => ({
  stages: ['New', 'Screening', 'Interview', 'Offer'].map((stage) => ({
    stage: stage as 'New',
    interviews: [],
  })),
});

/** The plan interview the opening starts with. */
const technical = {
  id: 7,
  name: 'Technical',
  durationMinutes: 60,
  kind: 'video',
  focusAttributes: ['SQL'],
  questions: ['Explain an index.'],
} satisfies PlanInterview;

describe('the interview plan on an opening’s page', () => {
  it('adds, fills, reorders and removes interviews per stage, and saves the whole plan', async () => {
    const sent: InterviewPlanInput[] = [];
    let plan = empty();
    plan.stages[2]!.interviews = [technical];
    mockSignedIn({
      'GET /recruiters/jobs/3': () => json(job()),
      'GET /recruiters/countries': () => json([]),
      'GET /recruiters/jobs/3/interview-plan': () => json(plan),
      'PUT /recruiters/jobs/3/interview-plan': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as InterviewPlanInput;
        sent.push(body);
        if (body.stages.some((s) => s.interviews.some((i) => i.durationMinutes % 5 !== 0)))
          return problem(400, 'Invalid', [
            { field: 'stages.2.interviews.1.durationMinutes', message: 'must be a multiple of 5' },
          ]);
        plan = {
          stages: body.stages.map((s) => ({
            stage: s.stage,
            interviews: s.interviews.map((i, n) => ({ ...i, id: i.id ?? 100 + n })),
          })),
        };
        return json(plan);
      },
    });
    renderConsole('/recruiters/openings/3');
    const section = await screen.findByRole('region', { name: 'Interview plan' });
    const stage = await within(section).findByRole('group', { name: 'Interview' });
    expect(within(stage).getByLabelText('Name')).toHaveValue('Technical');

    await userEvent.click(
      within(stage).getByRole('button', { name: 'Add an interview to Interview' }),
    );
    const names = within(stage).getAllByLabelText('Name');
    await userEvent.type(names[1]!, 'Culture');
    const durations = within(stage).getAllByLabelText('Duration (minutes)');
    await userEvent.clear(durations[1]!);
    await userEvent.type(durations[1]!, '37');
    await userEvent.selectOptions(within(stage).getAllByLabelText('Kind')[1]!, 'On site');
    await userEvent.type(
      within(stage).getAllByLabelText('Focus attributes')[1]!,
      'Values{Enter}Teamwork',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Save interview plan' }));
    // The server's word stands beside the field it names.
    expect(
      await within(stage).findByText('Duration (minutes) must be a multiple of 5.'),
    ).toBeInTheDocument();

    await userEvent.clear(durations[1]!);
    await userEvent.type(durations[1]!, '45');
    await userEvent.click(within(stage).getByRole('button', { name: 'Move up Culture' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save interview plan' }));
    expect(await within(section).findByText('The interview plan was saved.')).toBeInTheDocument();
    expect(sent.at(-1)!.stages[2]).toEqual({
      stage: 'Interview',
      interviews: [
        {
          name: 'Culture',
          durationMinutes: 45,
          kind: 'on_site',
          focusAttributes: ['Values', 'Teamwork'],
          questions: [],
        },
        // Saved as it was, under its id.
        technical,
      ],
    });

    await userEvent.click(within(stage).getByRole('button', { name: 'Remove Technical' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save interview plan' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.at(-1)!.stages[2]!.interviews.map((i) => i.name)).toEqual(['Culture']);
  });
});
