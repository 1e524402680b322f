import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@lumenfield/routes';
import { MemoryRouter, useLocation } from '@lumenfield/page-kit';
import { HOME_CLAIMS } from './home-claims.fixture';
import HomePage from './home-page';

/** The home page at '/', and where a link led anywhere else. */
function Screen() {
  const { pathname } = useLocation();
  return pathname === '/' ? <HomePage routeId="home" /> : <p data-testid="where">{pathname}</p>;
}

function renderHome() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Screen />
    </MemoryRouter>,
  );
}

describe('HomePage', () => {
  it('states the six claims word for word', () => {
    renderHome();
    for (const claim of HOME_CLAIMS) {
      expect(screen.getByText(claim)).toBeInTheDocument();
    }
  });

  it('has one h1, the expertise links and six Learn More cards', () => {
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(routes.home.title);
    const learnMore = screen.getAllByRole('link', { name: /^Learn More/ });
    expect(learnMore).toHaveLength(6);
    const expertise = within(
      screen.getByRole('region', { name: 'Deep in the systems that run your business' }),
    );
    expect(expertise.getByRole('link', { name: /Desktop Services/ })).toHaveAttribute(
      'href',
      '/services/desktopservices',
    );
    expect(expertise.getAllByRole('link')).toHaveLength(8);
  });

  it("navigates when a 'Tell me:' question is chosen, and from the button for the first", async () => {
    const user = userEvent.setup();
    renderHome();
    const select = screen.getByLabelText('Tell me:');
    expect(within(select).getAllByRole('option')).toHaveLength(5);
    await user.selectOptions(select, 'who is behind Lumenfield');
    expect(screen.getByTestId('where')).toHaveTextContent('/about/founders');
  });

  it('the Show me button asks the question already showing', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('button', { name: 'Show me' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/industries/mahathipartners');
  });
});
