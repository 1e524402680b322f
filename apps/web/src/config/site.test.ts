import { partnerNames } from '@lumenfield/site-content';
import { describe, expect, it } from 'vitest';
import { site } from './site';

describe('site config and the content package', () => {
  it('lists every partner an industry page may name, so the footer shows each one too', () => {
    expect(site.partners.map((partner) => partner.name).sort()).toEqual([...partnerNames].sort());
  });
});
