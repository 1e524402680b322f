import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homeContent, offices, type HomeContent } from '@lumenfield/site-content';
import { MemoryRouter } from '@lumenfield/page-kit';
import { Footer } from './shell/footer';
import HomePage from '@/features/home/home-page';
import { PageDataProvider, type PageData } from '@/lib/page-data';

function renderWith(data: PageData) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <PageDataProvider data={data}>
        <HomePage routeId="home" />
        <Footer />
      </PageDataProvider>
    </MemoryRouter>,
  );
}

const firstClaim = homeContent.impact.claims[0].claim;

describe('useContent: the published content a page was rendered with, else the seed', () => {
  it('shows the seed when the page carries no content', () => {
    renderWith({});
    expect(screen.getByText(firstClaim)).toBeInTheDocument();
    expect(screen.getByText(offices[1].phones[0].number)).toBeInTheDocument();
  });

  it('shows what was published where the page carries it, and the seed for the rest', () => {
    const home: HomeContent = {
      ...homeContent,
      impact: {
        ...homeContent.impact,
        claims: [{ ...homeContent.impact.claims[0], claim: '98% client retention' }],
      },
    };
    renderWith({ content: { home } });
    expect(screen.getByText('98% client retention')).toBeInTheDocument();
    expect(screen.queryByText(firstClaim)).toBeNull();
    // The offices were not in the page's content: the footer shows their seed.
    expect(screen.getByText(offices[1].phones[0].number)).toBeInTheDocument();
  });
});
