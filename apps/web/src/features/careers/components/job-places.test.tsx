import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chicagoAndAustin } from '@lumenfield/contract/testing';
import { JobPlaces } from './job-places';

describe("an opening's places on its page", () => {
  it('are parted in their text as well as on screen, not one run', () => {
    render(
      <JobPlaces
        job={{ locations: chicagoAndAustin, remoteCountries: [], workplaceType: 'HYBRID' }}
      />,
    );
    const list = screen.getByRole('list');
    expect(list.textContent).toBe('Chicago, IL, United States · Austin, TX, United States');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
