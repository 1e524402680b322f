import { render } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { canonicalUrl, usePageMeta } from './page-meta';

const origin = 'https://www.example.com';

function Screen({ title, description }: { title: string; description?: string }) {
  usePageMeta({ title, description });
  return <h1>{title}</h1>;
}

describe('canonicalUrl', () => {
  it('names each page by its own route, the home page by the root', () => {
    expect(canonicalUrl(origin, '/', '')).toBe('https://www.example.com/');
    expect(canonicalUrl(origin, '/about', '')).toBe('https://www.example.com/#/about');
    expect(canonicalUrl(origin, '/services/ccm/', '')).toBe(
      'https://www.example.com/#/services/ccm',
    );
  });

  it('folds section and alias routes into the page they belong to', () => {
    expect(canonicalUrl(origin, '/about/founders', '')).toBe('https://www.example.com/#/about');
    expect(canonicalUrl(origin, '/contact/whatwillhappen', '')).toBe(
      'https://www.example.com/#/contact',
    );
    expect(canonicalUrl(origin, '/industries/howwehelp', '')).toBe(
      'https://www.example.com/#/industries',
    );
    expect(canonicalUrl(origin, '/dashboard', '')).toBe('https://www.example.com/');
    expect(canonicalUrl(origin, '/footer', '')).toBe('https://www.example.com/');
  });

  it('points an opening at its server-rendered page, whatever the visitor came from', () => {
    expect(canonicalUrl(origin, '/jobs', '?JobID=12&PageFrom=careers')).toBe(
      'https://www.example.com/careers/jobs/12',
    );
    expect(canonicalUrl(origin, '/jobs', '?JobID=abc')).toBe('https://www.example.com/#/jobs');
  });
});

describe('usePageMeta', () => {
  it('writes title, description, canonical and Open Graph tags into the head', () => {
    render(
      <MemoryRouter initialEntries={['/about/founders']}>
        <Screen title="About Us" description="Who we are." />
      </MemoryRouter>,
    );
    expect(document.title).toBe('About Us | Lumenfield Technology Partners');
    const head = document.head;
    expect(head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Who we are.',
    );
    expect(head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/#/about`,
    );
    expect(head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'About Us | Lumenfield Technology Partners',
    );
    expect(head.querySelector('meta[property="og:description"]')).toHaveAttribute(
      'content',
      'Who we are.',
    );
    expect(head.querySelector('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${window.location.origin}/#/about`,
    );
  });
});
