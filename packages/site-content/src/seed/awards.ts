import type { AwardsContent } from '../schemas/awards';

/** The awards page's seed: its first revision (docs/content.md). */
export const awardsContent = {
  meta: {
    description:
      'Awards and recognitions for Lumenfield Technology Partners: fastest-growing private company lists and regional fast-growth awards from 2019 to 2025.',
  },
  intro: {
    eyebrow: 'Recognition',
    lead: 'Growth is a by-product of clients who stay and recommend us. These lists and awards have noticed it along the way.',
  },
  years: [2025, 2024, 2023, 2020, 2019],
  awards: [
    {
      year: 2025,
      title: 'Enterprise Ledger 5000: fastest-growing private companies',
      badgeText: 'Ledger 5000',
      badge: 'national',
      description:
        'Named to the national list of fastest-growing private companies for the fifth time.',
      listing: 'ledger-5000-2025',
    },
    {
      year: 2025,
      title: 'Northeast Business Review Fast 50',
      badgeText: 'Fast 50',
      badge: 'regional',
      description: 'Recognised among the fifty fastest-growing companies in the Northeast region.',
      listing: 'northeast-fast-50-2025',
    },
    {
      year: 2024,
      title: 'Enterprise Ledger 5000: fastest-growing private companies',
      badgeText: 'Ledger 5000',
      badge: 'national',
      description: 'Listed again for sustained three-year revenue growth.',
      listing: 'ledger-5000-2024',
    },
    {
      year: 2024,
      title: 'Harbor County Fast-Growth Award',
      badgeText: 'Fast Growth',
      badge: 'regional',
      description:
        'A regional award for the fastest-growing technology employers in the county around our head office.',
      listing: 'harbor-county-fast-growth-2024',
    },
    {
      year: 2023,
      title: 'Enterprise Ledger 5000: fastest-growing private companies',
      badgeText: 'Ledger 5000',
      badge: 'national',
      description: 'Included on the national list as our delivery teams passed two hundred people.',
      listing: 'ledger-5000-2023',
    },
    {
      year: 2023,
      title: 'Tri-State Tech Growth 100',
      badgeText: 'Growth 100',
      badge: 'ranking',
      description: 'Ranked among one hundred fast-growing technology firms in the tri-state area.',
      listing: 'tri-state-growth-100-2023',
    },
    {
      year: 2020,
      title: 'Enterprise Ledger 5000: fastest-growing private companies',
      badgeText: 'Ledger 5000',
      badge: 'national',
      description: 'A second year on the national list of fastest-growing private companies.',
      listing: 'ledger-5000-2020',
    },
    {
      year: 2020,
      title: 'Northeast Business Review Fast 50',
      badgeText: 'Fast 50',
      badge: 'regional',
      description: 'Our first appearance among the region’s fifty fastest-growing companies.',
      listing: 'northeast-fast-50-2020',
    },
    {
      year: 2019,
      title: 'Enterprise Ledger 5000: fastest-growing private companies',
      badgeText: 'Ledger 5000',
      badge: 'national',
      description: 'Our first listing among the nation’s fastest-growing private companies.',
      listing: 'ledger-5000-2019',
    },
    {
      year: 2019,
      title: 'Harbor County Fast-Growth Award',
      badgeText: 'Fast Growth',
      badge: 'regional',
      description: 'Honoured locally as one of the fastest-growing young companies in the county.',
      listing: 'harbor-county-fast-growth-2019',
    },
  ],
  listingLinkLabel: 'View the listing',
  newTabNote: '(opens in a new tab)',
  closing: {
    title: 'Work with a team that keeps growing',
    text: 'The people behind these results would be glad to hear about your plans.',
    link: { label: 'Interested in learning more? Get in touch with us', to: 'contact' },
  },
} as const satisfies AwardsContent;
