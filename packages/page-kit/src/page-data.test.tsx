import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PAGE_DATA_ELEMENT_ID,
  PageDataProvider,
  pageDataOfHtml,
  readPageData,
  usePageData,
} from './page-data';

interface Data {
  count?: number;
}

function Count() {
  return <p>{usePageData<Data>().count ?? 'none'}</p>;
}

afterEach(() => document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove());

describe('page data', () => {
  it('reads the JSON block, and nothing when it is missing or broken', () => {
    expect(readPageData<Data>(document)).toEqual({});
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_DATA_ELEMENT_ID;
    block.textContent = '{"count":3}';
    document.body.append(block);
    expect(readPageData<Data>(document)).toEqual({ count: 3 });
    block.textContent = '{broken';
    expect(readPageData<Data>(document)).toEqual({});
  });

  it('reads another page’s block from its HTML, and nothing when it is missing or broken', () => {
    const page = (block: string) =>
      `<!doctype html><html><head><style>p{color:red}</style><script type="application/ld+json">{"count":9}</script></head>` +
      `<body><div id="root"><p>x</p></div>${block}</body></html>`;
    expect(
      pageDataOfHtml<Data>(
        page(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"count":3}</script>`),
      ),
    ).toEqual({ count: 3 });
    expect(pageDataOfHtml<Data>(page(''))).toEqual({});
    expect(
      pageDataOfHtml<Data>(
        page(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{broken</script>`),
      ),
    ).toEqual({});
  });

  it('gives the screens what the provider holds', () => {
    render(
      <PageDataProvider data={{ count: 2 }}>
        <Count />
      </PageDataProvider>,
    );
    expect(screen.getByText('2')).toBeInTheDocument();
  });
});
