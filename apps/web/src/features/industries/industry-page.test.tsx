import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@lumenfield/page-kit';
import { describe, expect, it } from 'vitest';
import { routeIds, routes } from '@lumenfield/routes';
import { industryContent, industryPageFor, type IndustryRouteId } from '@lumenfield/site-content';
import IndustryPage from './industry-page';

const industryRoutes = routeIds.filter(
  (id) => routes[id].screen === 'industry',
) as IndustryRouteId[];

function renderIndustry(id: IndustryRouteId) {
  return render(
    <MemoryRouter initialEntries={[routes[id].path]}>
      <IndustryPage routeId={id} />
    </MemoryRouter>,
  );
}

describe('IndustryPage', () => {
  for (const id of industryRoutes) {
    it(`${routes[id].path} shows its hero, specialties, partners, philosophy and how we help`, () => {
      const entry = industryContent[industryPageFor[id]];
      renderIndustry(id);

      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(routes[id].title);
      expect(screen.getByText(entry.lead)).toBeInTheDocument();
      expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
        'content',
        entry.description,
      );
      expect(entry.description.length).toBeLessThanOrEqual(160);
      for (const title of [
        entry.specialties.title,
        entry.partners.title,
        entry.philosophy.title,
        entry.howWeHelp.title,
      ]) {
        expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
      }
      for (const item of entry.specialties.items) {
        expect(screen.getByRole('heading', { level: 3, name: item.title })).toBeInTheDocument();
      }
      expect(document.getElementById('partners')).toContainElement(
        screen.getByRole('heading', { level: 2, name: entry.partners.title }),
      );
      expect(document.getElementById('how-we-help')).toContainElement(
        screen.getByRole('heading', { level: 2, name: entry.howWeHelp.title }),
      );
      const cta = screen.getByRole('region', { name: entry.getInTouch.title });
      expect(within(cta).getByRole('link', { name: 'Get in touch' })).toHaveAttribute(
        'href',
        '/contact',
      );
    });
  }

  it('sends the section routes to the Insurance page', () => {
    expect(industryPageFor.industriesPartners).toBe('industries');
    expect(industryPageFor.industriesHowWeHelp).toBe('industries');
    renderIndustry('industriesHowWeHelp');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Insurance (P&C)');
  });

  it('links a specialty to its service page by the service’s title', () => {
    renderIndustry('industries');
    expect(screen.getByRole('link', { name: /Guidewire Solutions/ })).toHaveAttribute(
      'href',
      '/services',
    );
  });
});
