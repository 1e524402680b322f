import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobDescription, openingHeading } from './job-description';

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
