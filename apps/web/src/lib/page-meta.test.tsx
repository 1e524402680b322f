import { render } from '@testing-library/react';
import { MemoryRouter } from '@lumenfield/page-kit';
import { describe, expect, it } from 'vitest';
import { canonicalPath } from '@lumenfield/routes';
import { usePageMeta } from './page-meta';

function Screen({ title, description }: { title: string; description?: string }) {
  usePageMeta({ title, description });
  return <h1>{title}</h1>;
}

describe('canonicalPath', () => {
  it('names each page by its own path, in its one spelling', () => {
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/about')).toBe('/about');
    expect(canonicalPath('/Services/ccm/')).toBe('/services/ccm');
  });

  it('folds section and alias routes into the page they belong to', () => {
    expect(canonicalPath('/about/founders')).toBe('/about');
    expect(canonicalPath('/contact/whatwillhappen')).toBe('/contact');
    expect(canonicalPath('/industries/howwehelp')).toBe('/industries');
    expect(canonicalPath('/dashboard')).toBe('/');
    expect(canonicalPath('/footer')).toBe('/');
  });

  it('names an opening by its page', () => {
    expect(canonicalPath('/careers/jobs/12')).toBe('/careers/jobs/12');
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
      `${window.location.origin}/about`,
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
      `${window.location.origin}/about`,
    );
  });
});
