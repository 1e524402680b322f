import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  applicant,
  json,
  mockSignedIn,
  mockSignedInAs,
  renderConsole,
} from '../../shell/test-support';

const reply = {
  replyId: 3,
  channel: 'mail' as const,
  subject: 'Re: your interview',
  body: '<img src=x onerror=alert(1)> See the attached.',
  receivedOn: '2026-11-21T09:00:00.000Z',
  attachments: [
    {
      name: 'portfolio.pdf',
      kind: 'pdf',
      bytes: 20_480,
      url: '/api/recruiters/reply-attachments/g?sig=s',
    },
  ],
};

describe('conversations in the console', () => {
  it('shows a reply on the timeline as text, its file as a download', async () => {
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(applicant({ replies: [reply] })),
    });
    renderConsole('/recruiters/applicants/12');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText(/Replied by mail/)).toBeInTheDocument();
    expect(within(timeline).getByText(reply.body)).toBeInTheDocument();
    expect(timeline.querySelector('img')).toBeNull();
    const file = within(timeline).getByRole('link', { name: 'portfolio.pdf' });
    expect(file).toHaveAttribute('href', reply.attachments[0]!.url);
    expect(within(timeline).getByText('(20 KB)')).toBeInTheDocument();
  });

  it('lets an admin read an unmatched reply and put it on a timeline', async () => {
    const assigned: unknown[] = [];
    let items = [
      {
        id: 5,
        reason: 'expired',
        fromAddress: 'late@example.net',
        subject: 'Re: offer',
        receivedOn: '2026-11-21T09:00:00.000Z',
      },
    ];
    mockSignedInAs('admin', {
      'GET /recruiters/unmatched-replies': () => json({ items, keptDays: 30 }),
      'GET /recruiters/unmatched-replies/5': () =>
        json({ ...items[0], body: 'I accept, thank you.' }),
      'POST /recruiters/unmatched-replies/5/assign': (_url, init) => {
        assigned.push(JSON.parse(String(init?.body)));
        items = [];
        return json({ replyId: 9, applicantId: 12 });
      },
    });
    renderConsole('/recruiters/unmatched-replies');
    const row = (await screen.findByText('late@example.net')).closest('tr')!;
    expect(row).toHaveTextContent('Address expired');
    await userEvent.click(within(row).getByRole('button', { name: /Read/ }));
    const opened = await screen.findByRole('region', { name: 'Re: offer' });
    expect(await within(opened).findByText('I accept, thank you.')).toBeInTheDocument();
    await userEvent.type(within(opened).getByLabelText('Applicant id'), '12');
    await userEvent.click(within(opened).getByRole('button', { name: 'Put on the timeline' }));
    await waitFor(() => expect(assigned).toEqual([{ applicantId: 12 }]));
    expect(await screen.findByRole('link', { name: 'Open the applicant' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/12',
    );
    expect(await screen.findByText(/No unmatched replies/)).toBeInTheDocument();
  });

  it('is not a recruiter’s page', async () => {
    mockSignedInAs('recruiter');
    renderConsole('/recruiters/unmatched-replies');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });
});
