import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@lumenfield/page-kit';
import { describe, expect, it } from 'vitest';
import { routeIds, routes } from '@lumenfield/routes';
import {
  serviceContent,
  solutions,
  focusAreas,
  type ServiceRouteId,
} from '@lumenfield/site-content';
import ServicePage from './service-page';
import { familyOf, serviceFamilies } from './service-families';

const serviceRoutes = routeIds.filter((id) => routes[id].screen === 'service') as ServiceRouteId[];

function renderService(id: ServiceRouteId) {
  return render(
    <MemoryRouter initialEntries={[routes[id].path]}>
      <ServicePage routeId={id} />
    </MemoryRouter>,
  );
}

describe('ServicePage renders every service content entry', () => {
  it('covers the fourteen service routes', () => {
    expect(serviceRoutes).toHaveLength(14);
    expect(Object.keys(serviceContent).sort()).toEqual([...serviceRoutes].sort());
  });

  for (const id of serviceRoutes) {
    it(`${routes[id].path}: ${routes[id].title}`, () => {
      const entry = serviceContent[id];
      renderService(id);

      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(routes[id].title);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByText(entry.lead)).toBeInTheDocument();
      expect(document.title).toBe(`${routes[id].title} | Lumenfield Technology Partners`);
      expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
        'content',
        entry.description,
      );
      // Search results cut longer descriptions off.
      expect(entry.description.length).toBeLessThanOrEqual(160);
      const offerings = screen.getByRole('region', { name: entry.offerings.title });
      for (const item of entry.offerings.items) {
        expect(
          within(offerings).getByRole('heading', { level: 3, name: item.title }),
        ).toBeVisible();
      }
      expect(screen.getByRole('link', { name: 'Get in touch' })).toHaveAttribute(
        'href',
        '/contact',
      );

      // The tab strip lists this page's family and marks this page as current.
      const family = familyOf(id);
      expect(family, `${id} is missing from the Services groups of navigation.ts`).toBeDefined();
      const strip = screen.getByRole('navigation', { name: `${family?.heading} services` });
      const tabs = within(strip).getAllByRole('link');
      expect(tabs.map((tab) => tab.textContent)).toEqual(family?.links.map((link) => link.label));
      const current = within(strip).getByRole('link', { current: 'page' });
      expect(current).toHaveAttribute('href', routes[id].path);
    });
  }

  it('shows the shared blocks only on the pages that ask for them', () => {
    renderService('services');
    const list = screen.getByRole('region', { name: solutions.title });
    for (const item of solutions.items) {
      expect(within(list).getByRole('heading', { name: item.title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: focusAreas.title })).not.toBeInTheDocument();
  });

  it("shows 'What we Focus' with People, Process, Technology and Data", () => {
    renderService('pmo');
    const block = screen.getByRole('region', { name: 'What we Focus' });
    const names = within(block)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['People', 'Process', 'Technology', 'Data']);
  });

  it('puts every service route in exactly one family', () => {
    for (const id of serviceRoutes) {
      const homes = serviceFamilies.filter((family) =>
        family.links.some((link) => link.route === id),
      );
      expect(
        homes.map((family) => family.heading),
        id,
      ).toHaveLength(1);
    }
  });

  it('names the products and services the spec requires', () => {
    renderService('services');
    for (const product of [
      'ClaimCenter',
      'PolicyCenter',
      'BillingCenter',
      'Other insurance products',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: product })).toBeInTheDocument();
    }
  });

  it('covers image management, app packaging and Windows 10 migration on Desktop Services', () => {
    renderService('servicesDesktopServices');
    for (const name of ['Image management', 'Application packaging', 'Windows 10 migration']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
  });
});
