import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConsoleApplicant } from '@lumenfield/contract';
import { MemoryRouter } from '@lumenfield/page-kit';
import { applicant } from '../../shell/test-support';
import { Sent } from './applicant-sent';

const renderSent = (person: ConsoleApplicant) =>
  render(
    <MemoryRouter initialEntries={['/recruiters/applicants/12']}>
      <Sent applicant={person} />
    </MemoryRouter>,
  );

describe('What they sent', () => {
  it('shows a number stored in E.164 in its international form, as a link to call', () => {
    renderSent(applicant({ mobileNumber: '+4915123456789' }));
    const sent = screen.getByRole('region', { name: 'What they sent' });
    const number = within(sent).getByRole('link', { name: '+49 1512 3456789' });
    expect(number).toHaveAttribute('href', 'tel:+4915123456789');
  });

  it("shows the seed's ten digits as they were stored", () => {
    renderSent(applicant({ mobileNumber: '5550101234' }));
    expect(screen.getByRole('link', { name: '5550101234' })).toHaveAttribute(
      'href',
      'tel:5550101234',
    );
  });
});
