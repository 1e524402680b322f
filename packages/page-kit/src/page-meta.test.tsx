import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageMetaSink, useDocumentMeta, type PageMeta, type PageMetaOptions } from './page-meta';
import { MemoryRouter } from './router';

const OPTIONS: PageMetaOptions = {
  fullTitle: (title) => `${title} - Site`,
  canonicalPath: (pathname) => pathname.toLowerCase(),
};

function Screen(meta: PageMeta) {
  useDocumentMeta(meta, OPTIONS);
  return <h1>{meta.title}</h1>;
}

describe('useDocumentMeta', () => {
  it("writes the head with the site's title and canonical path", () => {
    render(
      <MemoryRouter initialEntries={['/About']}>
        <Screen title="About" description="Who." />
      </MemoryRouter>,
    );
    expect(document.title).toBe('About - Site');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/about`,
    );
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute(
      'content',
      'Who.',
    );
  });

  it('reports to the sink when rendered on the server', () => {
    const reported: PageMeta[] = [];
    renderToStaticMarkup(
      <PageMetaSink.Provider value={(meta) => reported.push(meta)}>
        <MemoryRouter initialEntries={['/']}>
          <Screen title="Home" feed="/feed" />
        </MemoryRouter>
      </PageMetaSink.Provider>,
    );
    expect(reported).toEqual([{ title: 'Home', feed: '/feed' }]);
  });
});
