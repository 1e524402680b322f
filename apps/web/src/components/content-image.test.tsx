import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentImage } from './content-image';

const portrait = {
  imageId: 42,
  alt: 'Ana at the office',
  width: 1000,
  height: 1500,
  fallback: 'jpg',
} as const;

describe('ContentImage', () => {
  it('offers AVIF and WebP in every size made, and the original family to the rest', () => {
    const { container } = render(<ContentImage image={portrait} sizes="120px" width={120} />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources[0]).toHaveAttribute(
      'srcset',
      '/media/content/42/320.avif 320w, /media/content/42/640.avif 640w, /media/content/42/960.avif 960w',
    );
    expect(sources[1]).toHaveAttribute('sizes', '120px');
    const img = container.querySelector('picture > img');
    expect(img).toHaveAttribute(
      'srcset',
      '/media/content/42/320.jpg 320w, /media/content/42/640.jpg 640w, /media/content/42/960.jpg 960w',
    );
    expect(img).toHaveAttribute('src', '/media/content/42/320.jpg');
  });

  it('always sets width, height in proportion, alt, lazy loading and async decoding', () => {
    const { getByRole } = render(<ContentImage image={portrait} sizes="120px" width={120} />);
    const img = getByRole('img', { name: 'Ana at the office' });
    expect(img).toHaveAttribute('width', '120');
    expect(img).toHaveAttribute('height', '180');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('serves a narrow PNG at its own width, in PNG for browsers without the modern formats', () => {
    const icon = { imageId: 3, alt: 'Logo', width: 200, height: 100, fallback: 'png' } as const;
    const { container } = render(<ContentImage image={icon} sizes="200px" />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/media/content/3/200.png');
    expect(img).toHaveAttribute('srcset', '/media/content/3/200.png 200w');
    expect(img).toHaveAttribute('width', '200');
    expect(img).toHaveAttribute('height', '100');
    expect(container.querySelector('source')).toHaveAttribute(
      'srcset',
      '/media/content/3/200.avif 200w',
    );
  });
});
