import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobDescription, openingHeading, sanitiseDescription } from './job-description';

describe('openingHeading', () => {
  it("reads the description's first element when it is a heading", () => {
    expect(openingHeading('  <h2 class="x">About <em>the</em>&nbsp;role</h2><p>…</p>')).toBe(
      'About the role',
    );
    expect(openingHeading('<p>Intro</p><h2>About the role</h2>')).toBeUndefined();
    expect(openingHeading('<h3>What you bring</h3>')).toBe('What you bring');
  });
});

describe('JobDescription', () => {
  const props = { heading: 'About the role', headingId: 'job-description-title' };

  it('shows the section heading once when the description opens with it, at level 2', () => {
    render(<JobDescription {...props} html="<h2>About the Role</h2><p>Reads claims.</p>" />);
    expect(screen.getAllByRole('heading', { name: /about the role/i })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('About the Role');
  });

  it('adds the section heading when the description has none of its own', () => {
    render(<JobDescription {...props} html="<h2>What you do</h2><p>Reads claims.</p>" />);
    expect(screen.getByRole('heading', { level: 2, name: 'About the role' })).toHaveAttribute(
      'id',
      'job-description-title',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'What you do' })).toBeInTheDocument();
  });
});

describe("sanitiseDescription (the browser's, over the server's allow-list)", () => {
  // What the server's sanitiser stores, every tag and attribute of the allow-list.
  const stored =
    '<h2>Role</h2><h3>Team</h3><h4>Days</h4><p>We <strong>test</strong> <em>ideas</em> ' +
    '<u>well</u>.<br>Mail <a href="mailto:jobs@example.com" rel="noopener noreferrer nofollow" ' +
    'target="_blank">us</a>.</p><ol start="3" type="a"><li><p>x</p></li></ol>' +
    '<ul><li>y</li></ul><blockquote><p>q</p></blockquote>';

  it("keeps the server's output as it is", () => {
    expect(sanitiseDescription(stored, 2)).toBe(stored);
  });

  it('drops what the server drops: tables, blocks, code, rules, relative and fragment links', () => {
    const clean = sanitiseDescription(
      '<table><tbody><tr><td>cell</td></tr></tbody></table><div>d</div><pre><code>c</code></pre>' +
        '<hr><span>s</span><a href="#top">here</a> <a href="/careers">there</a>',
      2,
    );
    expect(clean).toBe('celldcshere there');
  });
});
