import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleApplicant, NotificationsPage } from '@lumenfield/contract';
import { applicant, json, mockSignedIn, renderConsole } from '../../shell/test-support';

const mention = {
  notificationId: 7,
  kind: 'mention' as const,
  applicantId: 12,
  detail: 'Wanda Writer mentioned you in a note on Ana Cruz (QA analyst)',
  createdOn: '2026-11-21T11:00:00.000Z',
  readOn: null,
};

describe('notifications', () => {
  it('the header says how many are unread; the list links to the applicant and marks read', async () => {
    let page: NotificationsPage = {
      items: [
        mention,
        {
          ...mention,
          notificationId: 6,
          kind: 'bulk-result',
          applicantId: null,
          detail: 'Bulk move to Screening: 2 done, 0 skipped',
          readOn: '2026-11-21T10:00:00.000Z',
        },
      ],
      unread: 1,
      next: null,
    };
    const read: unknown[] = [];
    mockSignedIn({
      'GET /recruiters/notifications': () => json(page),
      'POST /recruiters/notifications/read': (_url, init) => {
        read.push(JSON.parse(String(init?.body)));
        page = {
          ...page,
          unread: 0,
          items: page.items.map((item) => ({
            ...item,
            readOn: item.readOn ?? '2026-11-21T12:00:00.000Z',
          })),
        };
        return json({ unread: 0 });
      },
      'GET /recruiters/applicants/12': () => json(applicant()),
    });
    renderConsole('/recruiters/notifications');
    expect(
      await screen.findByRole('link', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    // A bulk result names no applicant: no link.
    expect(
      within(list).getByText('Bulk move to Screening: 2 done, 0 skipped').closest('a'),
    ).toBeNull();
    await userEvent.click(within(list).getByRole('link', { name: mention.detail }));
    await waitFor(() => expect(read).toEqual([{ notificationIds: [7] }]));
    expect(
      await screen.findByRole('link', { name: 'Notifications, none unread' }),
    ).toBeInTheDocument();
  });

  it('the badge asks once when the console opens, and again when another page opens', async () => {
    let asked = 0;
    mockSignedIn({
      'GET /recruiters/notifications': () => {
        asked += 1;
        return json({ items: [], unread: 2, next: null });
      },
      'GET /recruiters/applicants/12': () => json(applicant()),
    });
    const { history } = renderConsole('/recruiters/applicants/12');
    expect(
      await screen.findByRole('link', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
    expect(asked).toBe(1);
    history.push('/recruiters/account');
    await waitFor(() => expect(asked).toBe(2));
  });

  it('the note box suggests colleagues after @, inserts the chosen one, and shows it highlighted', async () => {
    let current: ConsoleApplicant = applicant();
    const posted: string[] = [];
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(current),
      'GET /recruiters/applicants/12/mentionable': () =>
        json({
          people: [
            { userId: 3, name: 'Rita Ösztergom Díaz' },
            { userId: 4, name: 'Hal Manager' },
          ],
        }),
      'POST /recruiters/applicants/12/notes': (_url, init) => {
        const { text } = JSON.parse(String(init?.body)) as { text: string };
        posted.push(text);
        current = {
          ...current,
          notes: [
            { noteId: 1, author: 'Rita Recruiter', createdOn: '2026-11-21T11:00:00.000Z', text },
          ],
        };
        return json(current, 201);
      },
    });
    renderConsole('/recruiters/applicants/12');
    const box = await screen.findByLabelText('Note');
    await userEvent.type(box, 'Please read @ösz');
    const options = await screen.findByRole('listbox', { name: 'Colleagues' });
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Rita Ösztergom Díaz']);
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('Please read @[Rita Ösztergom Díaz] ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(box, 'thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(posted).toEqual(['Please read @[Rita Ösztergom Díaz] thanks']));
    const notes = screen.getByRole('region', { name: 'Notes' });
    const highlighted = await within(notes).findByText('@Rita Ösztergom Díaz');
    expect(highlighted.tagName).toBe('MARK');
  });
});
