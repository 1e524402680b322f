import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WorkingHoursInput } from '@lumenfield/contract';
import { json, mockSignedIn, renderConsole } from '../../shell/test-support';
import { browserZone } from '../zones';

describe('working hours in Your account', () => {
  it('says none are kept, starts on the browser’s zone, and saves the zone and spans chosen', async () => {
    const sent: WorkingHoursInput[] = [];
    mockSignedIn({
      'GET /recruiters/tokens': () => json([]),
      'GET /recruiters/session/working-hours': () => json({ timeZone: null, hours: [] }),
      'PUT /recruiters/session/working-hours': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as WorkingHoursInput;
        sent.push(body);
        return json(body);
      },
    });
    renderConsole('/recruiters/account');
    const section = await screen.findByRole('region', { name: 'Working hours' });
    expect(await within(section).findByText(/You keep no working hours yet/)).toBeInTheDocument();
    const zone = within(section).getByLabelText('Your time zone');
    expect(zone).toHaveValue(browserZone());
    expect(within(zone).getByRole('option', { name: 'Asia/Manila' })).toBeInTheDocument();

    await userEvent.selectOptions(zone, 'Asia/Manila');
    await userEvent.click(
      within(section).getByRole('button', { name: 'Monday to Friday, 09:00–17:00' }),
    );
    const ends = within(section).getAllByLabelText(/^To/);
    expect(ends).toHaveLength(5);
    await userEvent.clear(ends[0]!);
    await userEvent.type(ends[0]!, '18:00');
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Friday span' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save working hours' }));
    expect(await within(section).findByText('Your working hours were saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        timeZone: 'Asia/Manila',
        hours: [
          { weekday: 1, start: '09:00', end: '18:00' },
          { weekday: 2, start: '09:00', end: '17:00' },
          { weekday: 3, start: '09:00', end: '17:00' },
          { weekday: 4, start: '09:00', end: '17:00' },
        ],
      },
    ]);
  });
});
