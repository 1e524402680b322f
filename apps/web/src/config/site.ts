import { BRAND, PRIVACY_EMAIL } from '@lumenfield/contract';
import type { AwardListingId, PartnerName } from '@lumenfield/site-content';

/**
 * The one typed site configuration (docs/search.md): brand, contact, partners, social links and
 * the HR portal. The offices are the site's content (`useContent('offices')`). Values the spec hides are
 * illustrative: example.com addresses, 555 numbers.
 */
export interface Partner {
  /** One of the names the industry pages may pick (site-content's `partnerNames`). */
  name: PartnerName;
  /** A short line under the name in the footer strip. */
  programme: string;
}

export interface SocialLink {
  network: 'linkedin' | 'x' | 'facebook' | 'youtube';
  label: string;
  url: string;
}

export const site = {
  brand: {
    name: 'Lumenfield',
    legalName: BRAND,
    tagline: 'Insurance, legal and enterprise technology, delivered with care.',
  },
  contact: {
    email: 'info@example.com',
    careersEmail: 'careers@example.com',
    /** Where people ask to see, correct or erase their data (PRIVACY_EMAIL in the contract). */
    privacyEmail: PRIVACY_EMAIL,
    phone: '+1 555 010 2000',
  },
  /** The HR portal behind /hr (the server redirects there; HR_SITE_URL configures it). */
  hrPath: '/hr',
  partners: [
    { name: 'Guidewire', programme: 'PartnerConnect consulting' },
    { name: 'Microsoft', programme: 'Solutions partner' },
    { name: 'Amazon Web Services', programme: 'Partner network' },
    { name: 'ServiceNow', programme: 'Build & consulting' },
  ] as const satisfies readonly Partner[],
  /** External listings of our awards (docs/search.md); each award's content names one by key. */
  awardListings: {
    'ledger-5000-2019': 'https://awards.example.org/ledger-5000/2019/lumenfield',
    'ledger-5000-2020': 'https://awards.example.org/ledger-5000/2020/lumenfield',
    'ledger-5000-2023': 'https://awards.example.org/ledger-5000/2023/lumenfield',
    'ledger-5000-2024': 'https://awards.example.org/ledger-5000/2024/lumenfield',
    'ledger-5000-2025': 'https://awards.example.org/ledger-5000/2025/lumenfield',
    'northeast-fast-50-2020': 'https://www.example.com/northeast-business-review/fast-50/2020',
    'northeast-fast-50-2025': 'https://www.example.com/northeast-business-review/fast-50/2025',
    'harbor-county-fast-growth-2019':
      'https://www.example.com/harbor-county-business/fast-growth/2019',
    'harbor-county-fast-growth-2024':
      'https://www.example.com/harbor-county-business/fast-growth/2024',
    'tri-state-growth-100-2023': 'https://www.example.org/tri-state-tech/growth-100/2023',
  } satisfies Record<AwardListingId, string>,
  social: [
    {
      network: 'linkedin',
      label: 'Lumenfield on LinkedIn',
      url: 'https://www.linkedin.com/company/example',
    },
    { network: 'x', label: 'Lumenfield on X', url: 'https://x.com/example' },
    {
      network: 'facebook',
      label: 'Lumenfield on Facebook',
      url: 'https://www.facebook.com/example',
    },
    { network: 'youtube', label: 'Lumenfield on YouTube', url: 'https://www.youtube.com/@example' },
  ] as const satisfies readonly SocialLink[],
} as const;

/** 'tel:' form of a displayed number ('+1 555 010 2000' -> 'tel:+15550102000'). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
