import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  createBrowserHistory,
  isCurrentPath,
  parsePath,
  useLocation,
  useNavigationType,
  useSearchParams,
} from './router';

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  const params = useSearchParams();
  return (
    <p data-testid="where" data-key={location.key}>
      {`${type} ${location.pathname}${location.search} JobID=${params.get('JobID') ?? '-'}`}
    </p>
  );
}

const where = () => screen.getByTestId('where');

describe('parsePath', () => {
  it('reads the forms a visitor may type', () => {
    expect(parsePath('/about', 'k')).toEqual({ pathname: '/about', search: '', key: 'k' });
    expect(parsePath('about', 'k').pathname).toBe('/about');
    expect(parsePath('/about/', 'k').pathname).toBe('/about/');
    expect(parsePath('', 'k').pathname).toBe('/');
    expect(parsePath('/jobs?JobID=3&PageFrom=careers', 'k')).toMatchObject({
      pathname: '/jobs',
      search: '?JobID=3&PageFrom=careers',
    });
    expect(parsePath('/jobs?', 'k').search).toBe('');
  });
});

describe('isCurrentPath', () => {
  it('matches the route and the routes below it, ignoring case and a trailing slash', () => {
    expect(isCurrentPath('/careers', '/careers')).toBe(true);
    expect(isCurrentPath('/Careers/', '/careers')).toBe(true);
    expect(isCurrentPath('/careers/x', '/careers')).toBe(true);
    expect(isCurrentPath('/careersx', '/careers')).toBe(false);
    expect(isCurrentPath('/about', '/')).toBe(false);
    expect(isCurrentPath('/', '/')).toBe(true);
  });
});

describe('BrowserRouter', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/jobs?JobID=3');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('reads the route from the path and gives the entry a key that survives a reload', () => {
    const first = createBrowserHistory();
    expect(first.location).toMatchObject({ pathname: '/jobs', search: '?JobID=3' });
    expect((window.history.state as { key: string }).key).toBe(first.location.key);
    expect(createBrowserHistory().location.key).toBe(first.location.key);
  });

  it('pushes on a link click, replaces when the link is to where the visitor is', async () => {
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <Where />
        <Link to="/about">About</Link>
        <Link to="/jobs?JobID=3">Same</Link>
      </BrowserRouter>,
    );
    expect(where()).toHaveTextContent('POP /jobs?JobID=3 JobID=3');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    const length = window.history.length;

    await user.click(screen.getByRole('link', { name: 'Same' }));
    expect(where()).toHaveTextContent('REPLACE /jobs?JobID=3');
    expect(window.history.length).toBe(length);

    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(where()).toHaveTextContent('PUSH /about JobID=-');
    expect(window.location.pathname).toBe('/about');
    expect(window.history.length).toBe(length + 1);
  });

  it('follows back, forward and typed URLs as POP, each entry keeping its own key', async () => {
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <Where />
        <Link to="/about">About</Link>
      </BrowserRouter>,
    );
    const firstKey = where().dataset.key;
    await user.click(screen.getByRole('link', { name: 'About' }));
    const aboutKey = where().dataset.key;
    expect(aboutKey).not.toBe(firstKey);

    await act(async () => {
      const popped = new Promise((resolve) =>
        window.addEventListener('popstate', resolve, { once: true }),
      );
      window.history.back();
      await popped;
    });
    expect(where()).toHaveTextContent('POP /jobs?JobID=3');
    expect(where().dataset.key).toBe(firstKey);

    await act(async () => {
      window.history.pushState(null, '', '/contact');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    expect(where()).toHaveTextContent('POP /contact');
    expect(where().dataset.key).not.toBe(firstKey);
    expect(where().dataset.key).toBe((window.history.state as { key: string }).key);
  });

  it('leaves modified clicks and other targets to the browser', () => {
    render(
      <BrowserRouter>
        <Where />
        <Link to="/about">About</Link>
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'About' });
    // Read what the router decided once the click has passed it, then stop jsdom's own
    // navigation, which it cannot do and reports as an error.
    const leftToBrowser: boolean[] = [];
    const afterRouter = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', afterRouter);
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      act(() => {
        link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
      });
    }
    window.removeEventListener('click', afterRouter);
    expect(leftToBrowser).toEqual([true, true, true, true]);
    expect(where()).toHaveTextContent('POP /jobs');
  });
});

describe('NavLink', () => {
  it('marks the link to the current route', () => {
    render(
      <MemoryRouter initialEntries={['/careers/']}>
        <NavLink to="/careers" className="top">
          Careers
        </NavLink>
        <NavLink to="/contact" className="top">
          Contact
        </NavLink>
      </MemoryRouter>,
    );
    const careers = screen.getByRole('link', { name: 'Careers' });
    expect(careers).toHaveAttribute('aria-current', 'page');
    expect(careers).toHaveClass('top', 'active');
    const contact = screen.getByRole('link', { name: 'Contact' });
    expect(contact).not.toHaveAttribute('aria-current');
    expect(contact).not.toHaveClass('active');
  });
});
