import { selfIdCopy } from '@lumenfield/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem, resetCareersState } from '../test-support';
import { SelfIdOffer } from './self-id-form';

beforeEach(() => resetCareersState());
afterEach(() => vi.restoreAllMocks());

function setup(status = 201) {
  const bodies: unknown[] = [];
  mockApi({
    '/self-identification': (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return status === 201
        ? json({ message: selfIdCopy.thanks }, 201)
        : problem(status, selfIdCopy.expired);
    },
  });
  const user = userEvent.setup({ delay: null });
  render(<SelfIdOffer token="one-time-token" />);
  return { user, bodies };
}

describe('the voluntary self-identification offer', () => {
  it('is folded until asked for, and says it is optional and kept apart', async () => {
    const { user } = setup();
    const offer = screen.getByRole('region', { name: /Voluntary self-identification/ });
    expect(offer).toHaveTextContent(selfIdCopy.optional);
    expect(offer).toHaveTextContent(selfIdCopy.apart);
    expect(within(offer).queryByRole('group')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Answer the optional form' }));
    const groups = within(offer).getAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Gender',
      'Race and ethnicity (select all that apply)',
      'Protected veteran status',
      'Voluntary Self-Identification of Disability',
    ]);
    for (const group of groups) {
      expect(within(group).getByLabelText('I do not wish to answer')).toBeInTheDocument();
    }
    // Focus starts on the first answer.
    expect(within(groups[0]!).getByRole('radio', { name: 'Female' })).toHaveFocus();
  });

  it('keeps "I do not wish to answer" apart from the race and ethnicity categories', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Answer the optional form' }));
    const race = screen.getByRole('group', { name: /Race and ethnicity/ });
    const asian = within(race).getByRole('checkbox', { name: 'Asian' });
    const decline = within(race).getByRole('checkbox', { name: 'I do not wish to answer' });
    await user.click(asian);
    await user.click(within(race).getByRole('checkbox', { name: 'White' }));
    await user.click(decline);
    expect(asian).not.toBeChecked();
    expect(decline).toBeChecked();
    await user.click(asian);
    expect(decline).not.toBeChecked();
  });

  it('sends the token with the chosen answers only, then thanks', async () => {
    const { user, bodies } = setup();
    await user.click(screen.getByRole('button', { name: 'Answer the optional form' }));
    await user.click(screen.getByRole('radio', { name: 'Non-binary' }));
    await user.click(screen.getByRole('checkbox', { name: 'Middle Eastern or North African' }));
    await user.click(screen.getByRole('radio', { name: 'I am not a protected veteran' }));
    await user.click(screen.getByRole('button', { name: selfIdCopy.submit }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(selfIdCopy.thanks));
    expect(bodies).toEqual([
      {
        token: 'one-time-token',
        answers: {
          gender: 'nonbinary',
          raceEthnicity: ['middle-eastern-north-african'],
          veteran: 'not-protected',
        },
      },
    ]);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('says so when the token was used or expired', async () => {
    const { user } = setup(410);
    await user.click(screen.getByRole('button', { name: 'Answer the optional form' }));
    await user.click(screen.getByRole('button', { name: selfIdCopy.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(selfIdCopy.expired);
  });

  it('"No thanks" folds the form and gives focus back to its button', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Answer the optional form' }));
    await user.click(screen.getByRole('button', { name: selfIdCopy.skip }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('button', { name: 'Answer the optional form' })).toHaveFocus();
  });
});
