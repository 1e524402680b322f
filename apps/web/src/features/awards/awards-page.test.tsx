import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@lumenfield/page-kit';
import { describe, expect, it } from 'vitest';
import AwardsPage from './awards-page';

describe('AwardsPage', () => {
  it('groups badges under each year, every one linking to its listing in a new tab', () => {
    render(
      <MemoryRouter>
        <AwardsPage routeId="awards" />
      </MemoryRouter>,
    );
    const years = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(years).toEqual(expect.arrayContaining(['2025', '2024', '2023', '2020', '2019']));

    for (const year of ['2019', '2020', '2023', '2024', '2025']) {
      const group = within(screen.getByRole('region', { name: year }));
      const badges = group.getAllByRole('img', { name: new RegExp(`^Badge: .*, ${year}$`) });
      expect(badges.length).toBeGreaterThan(0);
      const links = group.getAllByRole('link', { name: /^View the listing/ });
      expect(links).toHaveLength(badges.length);
      for (const link of links) {
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        expect(link.getAttribute('href')).toMatch(/^https:\/\/[a-z.]*example\.(com|org)\/.*\d{4}/);
        expect(link).toHaveAccessibleName(new RegExp(`${year} \\(opens in a new tab\\)$`));
      }
    }
    expect(
      screen.getByRole('link', { name: 'Interested in learning more? Get in touch with us' }),
    ).toHaveAttribute('href', '/contact');
  });
});
