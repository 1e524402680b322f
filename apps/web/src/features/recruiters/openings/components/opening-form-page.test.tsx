import { Editor } from '@tiptap/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_TAGS,
  DEFAULT_OPENING_TERMS,
  type RecruiterOpening,
} from '@lumenfield/contract';
import { bodyFromForm, formFromJob } from '../opening-form';
import { editorExtensions, editorHtml, isKeptHref } from './rich-text-editor';
import { job, json, mockSignedIn, problem, renderConsole } from '../../shell/test-support';

// jsdom lays nothing out; ProseMirror asks where things are after a click.
beforeAll(() => {
  document.elementFromPoint ??= () => null;
});

describe('the description editor', () => {
  // What the server's sanitiser stores (apps/server/src/domains/openings/sanitize-description.ts), read back
  // by the editor and written again unchanged: a round trip loses nothing.
  it.each([
    '<h2>About the role</h2><p>We test <strong>things</strong> and <em>ideas</em>.</p>',
    '<ul><li><p>One</p></li><li><p>Two</p></li></ul><ol><li><p>First</p></li></ol>',
    '<p>Mail <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:jobs@example.com">us</a>.</p>',
    '<blockquote><p>Quoted</p></blockquote><h3>More</h3><h4>Less</h4><p>a<br>b <u>u</u></p>',
  ])('keeps %s', (html) => {
    const editor = new Editor({ extensions: editorExtensions, content: html });
    expect(editorHtml(editor)).toBe(html);
    editor.destroy();
  });

  it('writes only what the allow-list holds: its tags and their attributes', () => {
    const editor = new Editor({
      extensions: editorExtensions,
      content:
        '<h1>Top</h1><h2>a</h2><h3>b</h3><h4>c</h4><p><b>b</b> <i>i</i> <u>u</u><br>' +
        '<a href="https://example.com">l</a></p><ol start="3" type="a"><li>x</li></ol>' +
        '<ul><li>y</li></ul><blockquote><p>q</p></blockquote>',
    });
    const written = document.createElement('div');
    written.innerHTML = editorHtml(editor);
    const elements = Array.from(written.querySelectorAll('*'));
    expect(elements.length).toBeGreaterThan(10);
    for (const element of elements) {
      const tag = element.tagName.toLowerCase() as (typeof DESCRIPTION_TAGS)[number];
      expect(DESCRIPTION_TAGS).toContain(tag);
      for (const { name } of Array.from(element.attributes)) {
        expect(DESCRIPTION_ATTRIBUTES[tag] ?? []).toContain(name);
      }
    }
    editor.destroy();
  });

  it('drops what the sanitiser would drop, and an empty document is empty', () => {
    const editor = new Editor({
      extensions: editorExtensions,
      content: '<pre><code>x</code></pre><p><s>gone</s> <code>c</code></p><hr>',
    });
    expect(editorHtml(editor)).not.toMatch(/<(pre|code|s|hr)\b/);
    editor.commands.clearContent();
    expect(editorHtml(editor)).toBe('');
    editor.destroy();
  });

  it.each([
    ['https://example.com', true],
    ['mailto:a@example.com', true],
    ['tel:+15550100', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['example.com', false],
  ])('a link to %s is kept: %s', (href, kept) => {
    expect(isKeptHref(href)).toBe(kept);
  });
});

describe('the opening form', () => {
  it('reads every field of an opening, terms included, and sends them back', () => {
    const terms = {
      employmentType: 'CONTRACTOR',
      workplaceType: 'REMOTE',
      payMin: 90000,
      payMax: 120000,
      payCurrency: 'USD',
      payPeriod: 'YEAR',
    } as const;
    const form = formFromJob({ ...job({ effectiveFrom: '2026-12-01T09:30:00.000Z' }), ...terms });
    const body = bodyFromForm(form);
    expect(body).toMatchObject({
      code: 'LTP-QA-1',
      title: 'QA Engineer',
      location: 'Pune, India',
      effectiveFrom: '2026-12-01T09:30:00.000Z',
      recruitmentManagers: 'Mira',
      contactPersons: 'Sam',
      contactEmails: 'sam@example.com',
      description: '<p>Test <strong>things</strong>.</p>',
      ...terms,
    });
    // A server without the terms yet (no such keys at all): the form falls back to the defaults
    // (docs/careers.md).
    const older = Object.fromEntries(
      Object.entries(job()).filter(([key]) => !(key in DEFAULT_OPENING_TERMS)),
    ) as RecruiterOpening;
    expect(older).not.toHaveProperty('employmentType');
    expect(bodyFromForm(formFromJob(older))).toMatchObject(DEFAULT_OPENING_TERMS);
  });

  it("a 400 puts the server's messages beside the fields, focuses the first, keeps the input", async () => {
    const posts: unknown[] = [];
    mockSignedIn({
      'POST /recruiters/jobs': (_url, init) => {
        posts.push(JSON.parse(String(init?.body)));
        return problem(400, 'Invalid', [
          { field: 'code', message: 'This code is taken.' },
          { field: 'payMin', message: 'A pay range is required in Colorado.' },
        ]);
      },
    });
    renderConsole('/recruiters/openings/new');
    await userEvent.type(await screen.findByLabelText('Code'), 'LTP-9');
    await userEvent.type(screen.getByLabelText('Title'), 'Tester');
    await userEvent.type(screen.getByLabelText('Location'), 'Denver, Colorado');
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Strong start');
    await userEvent.click(screen.getByRole('button', { name: 'Create opening' }));

    const code = screen.getByLabelText('Code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription('This code is taken.');
    expect(screen.getByLabelText('Lowest pay')).toHaveAccessibleDescription(
      'A pay range is required in Colorado.',
    );
    expect(code).toHaveValue('LTP-9');
    expect(screen.getByLabelText('Location')).toHaveValue('Denver, Colorado');
    expect(posts[0]).toMatchObject({
      code: 'LTP-9',
      description: '<p><strong>Strong start</strong></p>',
    });
  });

  it('the toolbar is one Tab stop; arrow keys move along it, Enter presses', async () => {
    mockSignedIn();
    renderConsole('/recruiters/openings/new');
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    const heading = within(toolbar).getByRole('button', { name: 'Heading' });
    expect(heading).toHaveAttribute('tabindex', '0');
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('tabindex', '-1');
    heading.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold).toHaveFocus();
    expect(bold).toHaveAttribute('tabindex', '0');
    expect(heading).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{Enter}');
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    // The button acts on the text: the writing goes on where it was, and Shift+Tab goes back
    // to the toolbar's last used button.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Description' })).toHaveFocus());
    await userEvent.tab({ shift: true });
    expect(bold).toHaveFocus();
    // Nothing to undo yet: End lands on the last button that works.
    expect(within(toolbar).getByRole('button', { name: 'Undo' })).toBeDisabled();
    await userEvent.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: 'Link' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(heading).toHaveFocus();
  });

  it('an open opening can be closed and reopened', async () => {
    const patches: unknown[] = [];
    mockSignedIn({
      'GET /recruiters/jobs/3': () => json(job()),
      'PATCH /recruiters/jobs/3': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { isOpen: boolean };
        patches.push(body);
        return json(job({ isOpen: body.isOpen, state: body.isOpen ? 'open' : 'closed' }));
      },
    });
    renderConsole('/recruiters/openings/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Close opening' }));
    expect(await screen.findByText('The opening is closed.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen opening' }));
    expect(await screen.findByText('The opening is open again.')).toBeInTheDocument();
    expect(patches).toEqual([{ isOpen: false }, { isOpen: true }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('LTP-QA-1 · QA Engineer');
  });

  it('after Save the heading and the state are the opening as saved; "Saved." stands by the Save button', async () => {
    mockSignedIn({
      'GET /recruiters/jobs/3': () => json(job()),
      // The server answers the opening as saved: a new title, published in the future.
      'PATCH /recruiters/jobs/3': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { title: string };
        return json(job({ title: body.title, state: 'scheduled' }));
      },
    });
    renderConsole('/recruiters/openings/3');
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Senior QA Engineer');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const saved = await screen.findByText('Saved.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'LTP-QA-1 · Senior QA Engineer',
    );
    expect(screen.getByText('State:').parentElement).toHaveTextContent('Scheduled');
    // Beside the button that was pressed, not at the top of the page.
    expect(saved.closest('.rc-form__actions')).toContainElement(
      screen.getByRole('button', { name: 'Save changes' }),
    );
  });
});
