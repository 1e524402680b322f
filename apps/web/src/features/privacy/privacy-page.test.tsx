import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@lumenfield/page-kit';
import { describe, expect, it } from 'vitest';
import PrivacyPage from './privacy-page';

describe('PrivacyPage', () => {
  it('numbers the sections in the spec order and leaves the GDPR heading empty', () => {
    const { container } = render(
      <MemoryRouter>
        <PrivacyPage routeId="privacyPolicy" />
      </MemoryRouter>,
    );
    expect(screen.getByText('6/23/2020')).toBeInTheDocument();
    const sections = Array.from(container.querySelectorAll<HTMLElement>('.policy__body > section'));
    const titles = sections.map((section) => section.querySelector('h2')?.textContent ?? '');
    expect(titles.map((title) => title.split('.')[0])).toEqual(
      Array.from({ length: 14 }, (_, index) => String(index + 1)),
    );
    const topics = [
      'Personal Information',
      'Use',
      'Share',
      'Storage',
      'Other Sites',
      'GDPR',
      'Choices',
      'Security',
      'International',
      'Children',
      'Changes',
      'Applicable Law',
      'Contact',
      'California',
    ];
    topics.forEach((topic, index) => expect(titles[index]).toContain(topic));

    const gdpr = sections[5];
    expect(gdpr?.children).toHaveLength(1);
    const contact = within(sections[12] as HTMLElement);
    expect(contact.getByRole('link', { name: 'info@example.com' })).toHaveAttribute(
      'href',
      'mailto:info@example.com',
    );
  });
});
