import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTENT_ROLES,
  focusAreas,
  homeContent,
  privacyContent,
  type ContentEntryDetail,
  type ContentEntrySummary,
} from '@lumenfield/site-content';
import { CONTENT_ROLES as CONSOLE_CONTENT_ROLES } from '../../common/routes';
import { json, mockSignedInAs, problem, renderConsole } from '../../shell/test-support';

const copy = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const summary = (overrides: Partial<ContentEntrySummary> = {}): ContentEntrySummary => ({
  id: 'home',
  kind: 'page',
  family: 'home',
  version: 3,
  publishedAt: '2026-11-20T10:00:00.000Z',
  draft: null,
  ...overrides,
});

const draftInfo = (updatedAt = '2026-11-23T09:30:00.000Z') => ({
  revisionId: 40,
  createdAt: '2026-11-23T09:00:00.000Z',
  createdBy: 'Eda Editor',
  updatedAt,
  publishAt: null,
  restoredFromId: null,
});

const home = (overrides: Partial<ContentEntryDetail> = {}): ContentEntryDetail => ({
  ...summary(),
  published: copy(homeContent),
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('the site content section of the console', () => {
  it('is the whole console of an editor: the list of pages and blocks with their drafts', async () => {
    mockSignedInAs('editor', {
      'GET /recruiters/content': () =>
        json({
          entries: [
            summary({ draft: draftInfo() }),
            summary({ id: 'about', family: 'about', version: 1 }),
            summary({
              id: 'offices',
              kind: 'block',
              family: 'offices',
              draft: { ...draftInfo(), publishAt: '2026-12-01T08:00:00.000Z' },
            }),
            // The server's order (by id): the list shows the registry's, home first.
          ].reverse(),
        }),
    });
    const { history } = renderConsole('/recruiters');
    const table = await screen.findByRole('table', { name: 'Pages and shared blocks' });
    await waitFor(() => expect(history.location.pathname).toBe('/recruiters/content'));
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Site content']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/Technology partners.*\/.*Page.*3.*Draft saved.*Eda Editor/);
    expect(within(rows[1]!).getByRole('link', { name: 'About Us' })).toHaveAttribute(
      'href',
      '/recruiters/content/about',
    );
    expect(rows[1]).toHaveTextContent('No draft');
    expect(rows[2]).toHaveTextContent(/Offices.*Shared block.*Scheduled for/);
  });

  it('keeps the hiring pages from an editor, and the content from a recruiter', async () => {
    mockSignedInAs('editor');
    renderConsole('/recruiters/applicants');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });

  it('holds the same roles as the API', () => {
    expect(CONSOLE_CONTENT_ROLES).toEqual(CONTENT_ROLES);
  });

  it('shows each refused field beside it, keeps what was typed, then saves the draft', async () => {
    const sent: unknown[] = [];
    let entry = home();
    mockSignedInAs('editor', {
      'GET /recruiters/content/home': () => json(entry),
      'GET /recruiters/content/home/revisions': () => json({ revisions: [] }),
      'PUT /recruiters/content/home/draft': (_url, init) => {
        const { content } = JSON.parse(String(init?.body)) as { content: typeof homeContent };
        sent.push(content);
        if ((content.hero.eyebrow as string) === '') {
          return problem(400, 'Some of the content is not right: see each field.', [
            { field: 'content.hero.eyebrow', message: 'Write the small label above the title.' },
            { field: 'content.hero.tellMe.options', message: 'Give exactly five questions.' },
          ]);
        }
        entry = home({ draft: draftInfo('2026-11-24T11:00:00.000Z'), draftContent: content });
        return json(entry);
      },
    });
    renderConsole('/recruiters/content/home');
    const hero = await screen.findByRole('group', { name: 'Hero' });
    const eyebrow = within(hero).getAllByLabelText('Eyebrow')[0]!;
    await userEvent.clear(eyebrow);
    const claims = screen.getByRole('group', { name: 'Claims' });
    const claim = within(within(claims).getByRole('group', { name: 'Claim 1' })).getByLabelText(
      'Claim',
    );
    await userEvent.clear(claim);
    await userEvent.type(claim, 'Thirty years of claims work');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    const summaryBox = await screen.findByRole('alert', { name: '2 fields need a change' });
    await waitFor(() => expect(summaryBox).toHaveFocus());
    expect(
      within(summaryBox).getByRole('link', {
        name: 'Hero › Eyebrow: Write the small label above the title.',
      }),
    ).toHaveAttribute('href', '#cf-hero-eyebrow');
    expect(eyebrow).toHaveAttribute('aria-invalid', 'true');
    expect(eyebrow).toHaveAccessibleDescription('Write the small label above the title.');
    expect(screen.getByRole('group', { name: 'Options' })).toHaveAccessibleDescription(
      'Give exactly five questions.',
    );
    // What was typed is still there.
    expect(claim).toHaveValue('Thirty years of claims work');

    await userEvent.type(eyebrow, 'Insurance and law');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Draft saved\. Visitors see no change yet/)).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /need a change/ })).toBeNull();
    expect(eyebrow).not.toHaveAttribute('aria-invalid');
    const saved = sent.at(-1) as typeof homeContent;
    expect(saved.hero.eyebrow).toBe('Insurance and law');
    expect(saved.impact.claims[0]!.claim).toBe('Thirty years of claims work');
    expect(saved.impact.claims.slice(1)).toEqual(copy(homeContent.impact.claims.slice(1)));
    expect(screen.getByText(/Draft saved/, { selector: 'dd > span' })).toHaveTextContent(
      'Eda Editor',
    );
  });

  it('adds, moves and removes a list’s items, and changes a block’s kind', async () => {
    const sent: unknown[] = [];
    const privacy = copy(privacyContent);
    mockSignedInAs('admin', {
      'GET /recruiters/content/privacyPolicy': () =>
        json({ ...summary({ id: 'privacyPolicy', family: 'privacy' }), published: privacy }),
      'GET /recruiters/content/privacyPolicy/revisions': () => json({ revisions: [] }),
      'PUT /recruiters/content/privacyPolicy/draft': (_url, init) => {
        const { content } = JSON.parse(String(init?.body)) as { content: unknown };
        sent.push(content);
        return json({
          ...summary({ id: 'privacyPolicy', family: 'privacy', draft: draftInfo() }),
          published: privacy,
          draftContent: content,
        });
      },
    });
    renderConsole('/recruiters/content/privacyPolicy');
    const sections = await screen.findByRole('group', { name: 'Sections' });
    const first = within(sections).getByRole('group', { name: 'Section 1' });
    const blocks = within(first).getByRole('group', { name: 'Blocks' });
    const count = privacy.sections[0]!.blocks.length;
    await userEvent.click(within(blocks).getByRole('button', { name: 'Add block to Blocks' }));
    const added = within(blocks).getByRole('group', { name: `Block ${count + 1}` });
    await userEvent.selectOptions(within(added).getByLabelText('Kind'), 'list');
    await userEvent.click(within(added).getByRole('button', { name: 'Add item to Items' }));
    await userEvent.type(within(added).getByLabelText('Item 1'), 'Your rights');
    await userEvent.click(
      within(blocks).getByRole('button', { name: `Move up: Block ${count + 1}` }),
    );
    await userEvent.click(within(blocks).getByRole('button', { name: 'Remove: Block 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const saved = sent[0] as typeof privacy;
    const original = privacy.sections[0]!.blocks;
    expect(saved.sections[0]!.blocks).toEqual([
      ...original.slice(1, -1),
      { kind: 'list', items: ['Your rights'] },
      original.at(-1),
    ]);
  });

  it('publishes, schedules and previews, saying a 409 and showing a refused publish beside its field', async () => {
    const published: unknown[] = [];
    let answer: () => Response = () => problem(409, 'There is no draft.');
    const block = summary({ id: 'focusAreas', kind: 'block', family: 'focusAreas' });
    mockSignedInAs('editor', {
      'GET /recruiters/content/focusAreas': () =>
        json({
          ...block,
          draft: draftInfo(),
          published: copy(focusAreas),
          draftContent: copy(focusAreas),
        }),
      'GET /recruiters/content/focusAreas/revisions': () => json({ revisions: [] }),
      'POST /recruiters/content/focusAreas/publish': (_url, init) => {
        published.push(JSON.parse(String(init?.body)));
        return answer();
      },
      'POST /recruiters/content/focusAreas/preview': () =>
        json({ url: '/services/ccm?preview=secret' }),
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderConsole('/recruiters/content/focusAreas');
    await userEvent.click(await screen.findByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText(/There is no draft to publish/)).toBeInTheDocument();

    answer = () =>
      problem(400, 'The draft cannot be published: see each field.', [
        { field: 'content.items.1.title', message: 'Say what the area is.' },
      ]);
    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    const item = screen.getByRole('group', { name: 'Item 2' });
    const title = within(item).getByLabelText('Title');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('Say what the area is.');
    expect(screen.getByRole('alert', { name: 'One field needs a change' })).toHaveTextContent(
      'Items › 2 › Title: Say what the area is.',
    );

    answer = () => json({ ok: true });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const when = screen.getByLabelText('Publish at');
    expect(when).toHaveAccessibleDescription('Choose the day and time to publish it.');
    // jsdom types no date into a datetime-local field: the value is set as a picker would.
    fireEvent.change(when, { target: { value: '2099-01-02T09:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(/Scheduled: it goes live/)).toBeInTheDocument();
    expect(published).toEqual([{}, {}, { at: new Date('2099-01-02T09:30').toISOString() }]);

    await userEvent.click(screen.getByRole('button', { name: /Preview/ }));
    await waitFor(() => expect(tab.location.href).toBe('/services/ccm?preview=secret'));
    expect(tab.opener).toBeNull();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(screen.getByRole('link', { name: 'Open the preview' })).toHaveAttribute(
      'href',
      '/services/ccm?preview=secret',
    );
  });

  it('lists the revisions, shows a diff against what is live, and restores one as the draft', async () => {
    const restoredContent = {
      ...copy(homeContent),
      closing: { ...homeContent.closing, title: 'An older closing' },
    };
    let entry = home({ draft: draftInfo(), draftContent: copy(homeContent) });
    mockSignedInAs('editor', {
      'GET /recruiters/content/home': () => json(entry),
      'GET /recruiters/content/home/revisions': () =>
        json({
          revisions: [
            {
              revisionId: 30,
              publishedAt: '2026-11-20T10:00:00.000Z',
              publishedBy: 'Ada Admin',
              restoredFromId: null,
            },
            {
              revisionId: 2,
              publishedAt: '2026-11-01T10:00:00.000Z',
              publishedBy: null,
              restoredFromId: null,
            },
          ],
        }),
      'GET /recruiters/content/home/diff': (url) => {
        expect(Object.fromEntries(url.searchParams)).toEqual({ left: '2', right: '30' });
        return json({
          changes: [
            { path: ['closing', 'title'], before: 'An older closing', after: 'Talk to us' },
          ],
        });
      },
      'POST /recruiters/content/home/revisions/2/restore': () => {
        entry = home({
          draft: { ...draftInfo(), restoredFromId: 2 },
          draftContent: restoredContent,
        });
        return json(entry);
      },
    });
    renderConsole('/recruiters/content/home');
    const history = await screen.findByRole('region', { name: 'Revisions' });
    const table = await within(history).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/30.*Live.*Ada Admin/);
    expect(rows[1]).toHaveTextContent(/2.*The site’s first version/);
    await userEvent.click(
      within(rows[1]!).getByRole('button', { name: 'Compare with live: revision 2' }),
    );
    const diff = await within(history).findByRole('table', {
      name: 'Revision 2 against what is live',
    });
    expect(within(diff).getAllByRole('row')[1]).toHaveTextContent(
      /Closing › Title.*An older closing.*Talk to us/,
    );

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore revision 2' }));
    const question = await screen.findByRole('alertdialog', { name: 'Replace the draft?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Restore revision 2' }));
    expect(await screen.findByText(/The revision is the draft now/)).toBeInTheDocument();
    const closing = screen.getByRole('group', { name: 'Closing' });
    expect(within(closing).getAllByLabelText('Title')[0]).toHaveValue('An older closing');
  });
});
