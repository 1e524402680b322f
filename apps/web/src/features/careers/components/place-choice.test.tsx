import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationMessages, type OpeningWhere } from '@lumenfield/contract';
import {
  callsTo,
  expectSummary,
  field,
  fillApplicant,
  formFields,
  json,
  problem,
  publicOpening,
  renderApplyForm,
  resetCareersState,
  type Handler,
} from '../test-support';
import { PLACE_REQUIRED } from './place-choice';

beforeEach(() => resetCareersState());
afterEach(() => vi.restoreAllMocks());

const places = [
  { city: 'Pune', region: 'IN-MH', country: 'IN' },
  { city: 'Manila', region: '', country: 'PH' },
];
const job = {
  id: 7,
  code: 'LTP-QA-2201',
  title: 'QA Engineer',
  location: 'Pune or Manila',
  questions: [],
};
const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'resume.pdf', { type: 'application/pdf' });

const onSite: OpeningWhere = { locations: places, remoteCountries: [], workplaceType: 'ONSITE' };

function setup(handlers: Record<string, Handler>, withPlaces = true, where = onSite) {
  return renderApplyForm(
    // The job page hands over its questions and places; a careers row has only names.
    withPlaces ? { ...job, where } : { ...job, questions: undefined },
    handlers,
  );
}

const fillValid = (user: UserEvent) => fillApplicant(user, { resume: pdf() });

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Apply' }));

describe('Where would you work?', () => {
  it('is required with two places: listed in the summary and beside the group, nothing sent', async () => {
    const { user, fetchMock } = setup({});
    const group = screen.getByRole('group', { name: /Where would you work\?/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.nextSibling?.textContent),
    ).toEqual(['Pune, MH, India', 'Manila, Philippines']);
    await fillValid(user);
    await submit(user);
    await expectSummary([[PLACE_REQUIRED, screen.getByRole('radio', { name: 'Pune, MH, India' })]]);
    expect(group).toHaveAccessibleDescription(PLACE_REQUIRED);
    expect(callsTo(fetchMock, '/openings/7/applications')).toHaveLength(0);
  });

  it("is listed after the rules' failures and the questions', as the server lists it", async () => {
    const { user } = renderApplyForm(
      {
        ...job,
        where: onSite,
        questions: [{ key: 'years', label: 'Years with SQL', type: 'number', required: true }],
      },
      {},
    );
    await fillApplicant(user, { city: 'P0ne', resume: pdf() });
    await submit(user);
    await expectSummary([
      [applicationMessages.city, 'City'],
      ['Please answer “Years with SQL”.', 'Years with SQL'],
      [PLACE_REQUIRED, screen.getByRole('radio', { name: 'Pune, MH, India' })],
    ]);
    // Choosing hides the sentence beside the group.
    await user.click(screen.getByRole('radio', { name: 'Manila, Philippines' }));
    expect(
      screen.getByRole('group', { name: /Where would you work\?/ }),
    ).not.toHaveAccessibleDescription();
  });

  it('is chosen by keyboard and sent as locationIndex', async () => {
    let body: unknown;
    const { user, onApplied } = setup({
      '/openings/7/applications': (_url, init) => {
        body = init?.body;
        return json({ applicantId: 4, message: 'Applied Successfully!' }, 201);
      },
    });
    await fillValid(user);
    screen.getByRole('radio', { name: 'Pune, MH, India' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Manila, Philippines' })).toBeChecked();
    await submit(user);
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(formFields(body)).toMatchObject({ locationIndex: '1', firstName: 'Ana' });
  });

  it("lists the server's refusal of the choice and shows it beside the group", async () => {
    const { user, onApplied } = setup({
      '/openings/7/applications': () =>
        problem(400, 'The application is invalid.', [
          { field: 'locationIndex', message: 'Please choose the place you would work from.' },
        ]),
    });
    await fillValid(user);
    await user.click(screen.getByRole('radio', { name: 'Manila, Philippines' }));
    await submit(user);
    const group = screen.getByRole('group', { name: /Where would you work\?/ });
    await expectSummary([[PLACE_REQUIRED, screen.getByRole('radio', { name: 'Pune, MH, India' })]]);
    expect(group).toHaveAccessibleDescription(PLACE_REQUIRED);
    expect(onApplied).not.toHaveBeenCalled();
    expect(field('First Name')).toHaveValue('Ana');
  });

  it("opened from the careers list, reads the opening's places from its detail", async () => {
    setup({ '/openings/7': () => json(publicOpening({ id: 7, locations: places })) }, false);
    expect(
      await screen.findByRole('group', { name: /Where would you work\?/ }),
    ).toBeInTheDocument();
  });

  it('asks nothing of an opening with one place', async () => {
    const onePlace = places.slice(0, 1);
    setup({ '/openings/7': () => json(publicOpening({ id: 7, locations: onePlace })) }, false);
    await screen.findByRole('option', { name: 'United States of America' });
    expect(screen.queryByRole('group', { name: /Where would you work\?/ })).toBeNull();
  });

  describe('of a remote opening', () => {
    const remote = {
      locations: [{ city: 'Pune', region: 'IN-MH', country: 'IN' }],
      remoteCountries: ['PL', 'PT'],
      workplaceType: 'REMOTE',
    };

    it('offers "Remote from <country>" for each of its countries, after its places', async () => {
      let body: unknown;
      const { user, onApplied } = setup(
        {
          '/openings/7/applications': (_url, init) => {
            body = init?.body;
            return json({ applicantId: 4, message: 'Applied Successfully!' }, 201);
          },
        },
        true,
        remote,
      );
      const group = screen.getByRole('group', { name: /Where would you work\?/ });
      expect(
        within(group)
          .getAllByRole('radio')
          .map((r) => r.nextSibling?.textContent),
      ).toEqual(['Pune, MH, India', 'Remote from Poland', 'Remote from Portugal']);
      await fillValid(user);
      await user.click(screen.getByRole('radio', { name: 'Remote from Poland' }));
      await submit(user);
      await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
      expect(formFields(body)).toMatchObject({ locationIndex: 'remote-PL', firstName: 'Ana' });
    });

    it("shows the server's refusal of a remote country beside the group", async () => {
      const refusal =
        'This opening cannot be held remotely from Portugal. Please choose one of the places offered.';
      const { user } = setup(
        {
          '/openings/7/applications': () =>
            problem(400, 'The application is invalid.', [
              { field: 'remoteCountry', message: refusal },
            ]),
        },
        true,
        remote,
      );
      await fillValid(user);
      await user.click(screen.getByRole('radio', { name: 'Remote from Portugal' }));
      await submit(user);
      const group = screen.getByRole('group', { name: /Where would you work\?/ });
      await waitFor(() => expect(group).toHaveAccessibleDescription(refusal));
      // Listed in the summary too, its link leading to the group's first choice.
      await expectSummary([[refusal, screen.getByRole('radio', { name: 'Pune, MH, India' })]]);
    });

    it('asks nothing when its one place is its one remote country', async () => {
      setup(
        {
          '/openings/7': () =>
            json(
              publicOpening({
                id: 7,
                locations: [{ city: '', region: '', country: 'US' }],
                remoteCountries: ['US'],
                workplaceType: 'REMOTE',
              }),
            ),
        },
        false,
      );
      await screen.findByRole('option', { name: 'United States of America' });
      expect(screen.queryByRole('group', { name: /Where would you work\?/ })).toBeNull();
    });
  });
});
