import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  job,
  jobsPage,
  json,
  mockSignedIn,
  problem,
  renderConsole,
} from '../../shell/test-support';

beforeAll(() => {
  document.elementFromPoint ??= () => null;
});

const countries = [
  { code: 'IN', name: 'India' },
  { code: 'PH', name: 'Philippines' },
  { code: 'US', name: 'United States of America' },
];

function api(onPost: (body: Record<string, unknown>) => Response) {
  const posts: Record<string, unknown>[] = [];
  mockSignedIn({
    'GET /recruiters/countries': () => json(countries),
    'POST /recruiters/jobs': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posts.push(body);
      return onPost(body);
    },
  });
  return posts;
}

async function fillOpening(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Code', {}, { timeout: 8000 }), 'LTP-PL-1');
  await user.type(screen.getByLabelText('Title'), 'Claims Analyst');
}

describe('the place editor', () => {
  it('adds and removes places by keyboard, and sends them with their display line', async () => {
    const user = userEvent.setup();
    const posts = api(() => json({ id: 9 }, 201));
    renderConsole('/recruiters/openings/new');
    await fillOpening(user);
    const places = screen.getByRole('group', { name: 'Places' });
    const first = within(places).getByRole('group', { name: 'Place 1' });
    await user.type(within(first).getByLabelText('City'), 'Pune');
    await screen.findByRole('option', { name: 'India' });
    await user.selectOptions(within(first).getByLabelText('Country'), 'India');

    // Add a place: focus moves to its city; the change is announced.
    screen.getByRole('button', { name: 'Add a place' }).focus();
    await user.keyboard('{Enter}');
    const second = within(places).getByRole('group', { name: 'Place 2' });
    await waitFor(() => expect(within(second).getByLabelText('City')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Place 2 added.');
    await user.keyboard('Manila');
    await user.selectOptions(within(second).getByLabelText('Country'), 'Philippines');
    await user.type(within(second).getByLabelText('Region'), 'NCR');

    // A third, then removed again.
    await user.click(screen.getByRole('button', { name: 'Add a place' }));
    expect(within(places).getByRole('group', { name: 'Place 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove place 3' }));
    expect(within(places).queryByRole('group', { name: 'Place 3' })).toBeNull();
    await waitFor(() => expect(within(second).getByLabelText('City')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Create opening' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      location: 'Pune, India · Manila, NCR, Philippines',
      locations: [
        { city: 'Pune', region: '', country: 'IN' },
        { city: 'Manila', region: 'NCR', country: 'PH' },
      ],
      remoteCountries: [],
    });
  });

  it("asks for remote countries when Remote is chosen, and shows the server's sentences beside their fields", async () => {
    const user = userEvent.setup();
    const posts = api(() =>
      problem(400, 'The opening is invalid.', [
        { field: 'locations.0.country', message: 'Place 1: "ZZ" is not a country code we know.' },
        {
          field: 'remoteCountries',
          message:
            'A remote opening must name the countries it may be held from (remote countries).',
        },
      ]),
    );
    renderConsole('/recruiters/openings/new');
    await fillOpening(user);
    await user.type(screen.getByLabelText('Location'), 'Remote');
    expect(screen.queryByRole('group', { name: 'Remote from' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Workplace'), 'Remote');
    const remote = screen.getByRole('group', { name: 'Remote from' });
    await screen.findAllByRole('option', { name: 'India' });
    const add = within(remote).getByLabelText('Add a country');
    await user.selectOptions(add, 'India');
    await user.click(within(remote).getByRole('button', { name: 'Add country' }));
    await user.selectOptions(add, 'United States of America');
    await user.click(within(remote).getByRole('button', { name: 'Add country' }));
    expect(
      within(remote).getByRole('list', { name: 'Countries it may be held from' }),
    ).toHaveTextContent(/India.*United States of America/);
    await user.click(within(remote).getByRole('button', { name: 'Remove India' }));
    await waitFor(() => expect(add).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Create opening' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ workplaceType: 'REMOTE', remoteCountries: ['US'] });
    expect(posts[0]).not.toHaveProperty('locations');
    const country = screen.getByLabelText('Country');
    await waitFor(() => expect(country).toHaveFocus());
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(country).toHaveAccessibleDescription('Place 1: "ZZ" is not a country code we know.');
    expect(add).toHaveAccessibleDescription(
      /A remote opening must name the countries it may be held from/,
    );
    expect(screen.getByLabelText('Location')).toHaveValue('Remote');
  });

  it("an opening's page shows its places in the editor, and the list shows them under the location", async () => {
    const twoPlaces = job({
      location: 'Pune or Manila',
      locations: [
        { city: 'Pune', region: 'IN-MH', country: 'IN' },
        { city: 'Manila', region: '', country: 'PH' },
      ],
    });
    mockSignedIn({
      'GET /recruiters/countries': () => json(countries),
      'GET /recruiters/jobs': () => jobsPage([twoPlaces]),
      'GET /recruiters/jobs/3': () => json(twoPlaces),
    });
    const view = renderConsole('/recruiters/openings');
    expect(
      await screen.findByText(/2 places: Pune, MH, India · Manila, Philippines/),
    ).toBeInTheDocument();
    view.unmount();
    renderConsole('/recruiters/openings/3');
    const second = await screen.findByRole('group', { name: 'Place 2' });
    expect(within(second).getByLabelText('City')).toHaveValue('Manila');
    await waitFor(() => expect(within(second).getByLabelText('Country')).toHaveValue('PH'));
  });
});
