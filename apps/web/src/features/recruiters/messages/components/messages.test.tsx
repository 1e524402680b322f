import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MessageTemplate, RejectionReason } from '@lumenfield/contract';
import {
  applicant,
  json,
  mockSignedIn,
  mockSignedInAs,
  problem,
  renderConsole,
} from '../../shell/test-support';

const template: MessageTemplate = {
  templateId: 4,
  name: 'Kind rejection',
  subject: 'About {{jobTitle}}',
  body: 'Dear {{firstName}},\n\nThank you.',
  updatedOn: '2026-11-20T10:00:00.000Z',
};
const reasons: RejectionReason[] = [
  { reasonId: 1, label: 'Position filled', retired: false, uses: 0 },
  { reasonId: 2, label: 'Old reason', retired: true, uses: 3 },
];

describe('the Messages screen', () => {
  it('refuses a template with an unknown placeholder beside the field, keeping what was typed', async () => {
    const sent: unknown[] = [];
    const refusal = '{{fistName}} is not a placeholder we know: use one of {{firstName}}.';
    mockSignedInAs('admin', {
      'GET /recruiters/message-templates': () => json([]),
      'GET /recruiters/rejection-reasons': () => json(reasons),
      'POST /recruiters/message-templates': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return problem(400, refusal, [{ field: 'body', message: refusal }]);
      },
    });
    renderConsole('/recruiters/messages');
    const form = await screen.findByRole('region', { name: 'New template' });
    // Every placeholder is listed under the form, from the contract's one list.
    expect(within(form).getByText('{{statusLink}}')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Name'), 'Thanks');
    await userEvent.type(within(form).getByLabelText('Subject'), 'Hello');
    await userEvent.type(within(form).getByLabelText('Message'), 'Dear {{{{fistName}}');
    await userEvent.click(within(form).getByRole('button', { name: 'Add template' }));
    const message = within(form).getByLabelText('Message');
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(message).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(message).toHaveValue('Dear {{fistName}}');
    expect(within(form).getByLabelText('Name')).toHaveValue('Thanks');
    expect(sent).toEqual([{ name: 'Thanks', subject: 'Hello', body: 'Dear {{fistName}}' }]);

    // A retired reason says so and can be offered again; a given one cannot be removed.
    const list = screen.getByRole('region', { name: 'Rejection reasons' });
    expect(within(list).getByText(/Retired · 3 applicants rejected with it/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Offer again Old reason' })).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Remove Old reason' })).toBeNull();
  });

  it('shows recruiters the templates and reasons without a way to change them', async () => {
    mockSignedIn({
      'GET /recruiters/message-templates': () => json([template]),
      'GET /recruiters/rejection-reasons': () => json(reasons),
    });
    renderConsole('/recruiters/messages');
    expect(await screen.findByRole('heading', { level: 3, name: 'Kind rejection' })).toBeVisible();
    expect(screen.getByText(/Only admins change templates and reasons/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New template' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete|Retire|Add reason/ })).toBeNull();
  });
});

describe("the applicant page's messages", () => {
  it('rejects only with a reason, shows the mail first, and sends the reason and the template', async () => {
    const rejections: unknown[] = [];
    let current = applicant();
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(current),
      'GET /recruiters/message-templates': () => json([template]),
      'GET /recruiters/rejection-reasons': () => json(reasons),
      'POST /recruiters/applicants/12/messages/preview': () =>
        json({ subject: 'About QA Engineer', body: 'Dear Jane,\n\nThank you.' }),
      'POST /recruiters/applicants/12/rejection': (_url, init) => {
        rejections.push(JSON.parse(String(init?.body)));
        current = {
          ...current,
          stage: 'Rejected',
          rejectionReason: 'Position filled',
          stageHistory: [
            {
              stage: 'Rejected',
              changedBy: 'Rita Recruiter',
              changedOn: '2026-11-21T10:00:00.000Z',
            },
            ...current.stageHistory,
          ],
          messages: [
            {
              messageId: 9,
              kind: 'rejection',
              sentBy: 'Rita Recruiter',
              sentOn: '2026-11-21T10:00:00.000Z',
              subject: 'About QA Engineer',
              body: 'Dear Jane,\n\nThank you.',
            },
          ],
        };
        return new Response(null, { status: 204 });
      },
    });
    renderConsole('/recruiters/applicants/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Jane Doe?' });
    // Only the reasons in use are offered.
    expect(within(dialog).queryByRole('option', { name: 'Old reason' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Choose a reason.'),
    );
    expect(rejections).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Position filled');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Rejection mail'),
      'Kind rejection',
    );
    const preview = await within(dialog).findByRole('region', {
      name: 'The mail Jane Doe will read',
    });
    expect(preview).toHaveTextContent('Dear Jane,');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject and send' }));
    await waitFor(() => expect(rejections).toEqual([{ reasonId: 1, templateId: 4 }]));

    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText(/Rejection mail sent by/)).toHaveTextContent(
      'Rejection mail sent by Rita Recruiter: About QA Engineer',
    );
    expect(within(timeline).getByText('Reason: Position filled')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Stage' })).toHaveTextContent(
      'Reason: Position filled',
    );
  });

  it('a hiring manager rejects with a reason too: choosing Rejected opens the dialog, not a plain move', async () => {
    const rejections: unknown[] = [];
    const moves: unknown[] = [];
    mockSignedInAs('hiring_manager', {
      'GET /recruiters/applicants/12': () => json(applicant()),
      'GET /recruiters/message-templates': () => json([template]),
      'GET /recruiters/rejection-reasons': () => json(reasons),
      'PUT /recruiters/applicants/12/stage': (_url, init) => {
        moves.push(JSON.parse(String(init?.body)));
        return problem(500, 'Not this way.');
      },
      'POST /recruiters/applicants/12/rejection': (_url, init) => {
        rejections.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 204 });
      },
    });
    renderConsole('/recruiters/applicants/12');
    const stage = await screen.findByRole('region', { name: 'Stage' });
    await userEvent.click(within(stage).getByRole('radio', { name: 'Rejected' }));
    await userEvent.click(within(stage).getByRole('button', { name: 'Change stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Jane Doe?' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Position filled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(rejections).toEqual([{ reasonId: 1, templateId: null }]));
    expect(moves).toEqual([]);
    expect(await within(stage).findByText('Rejected.')).toBeVisible();
  });
});
