import type { RouteId } from './routes';

/** Navigation is data: the mega menu, the mobile panel and the footer read it. */
export interface NavLink {
  route: RouteId;
  label: string;
  /** The short line under a mega-menu link. */
  description?: string;
}

export interface NavGroup {
  heading: string;
  links: readonly NavLink[];
}

export type NavItem =
  | { kind: 'menu'; id: string; label: string; groups: readonly NavGroup[] }
  | { kind: 'link'; id: string; label: string; route: RouteId };

export const mainNavigation: readonly NavItem[] = [
  {
    kind: 'menu',
    id: 'industries',
    label: 'Industries',
    groups: [
      {
        heading: 'Who we serve',
        links: [
          {
            route: 'industries',
            label: 'Insurance (P&C)',
            description: 'Carriers, MGAs and their agents',
          },
          {
            route: 'industriesLegal',
            label: 'Law Firms',
            description: 'Practice, desktop and business systems',
          },
          {
            route: 'industriesManlog',
            label: 'Energy, Utilities & Logistics',
            description: 'Field, fleet and customer operations',
          },
        ],
      },
      {
        heading: 'Working with us',
        links: [
          {
            route: 'industriesPartners',
            label: 'How we partner',
            description: 'Engagement models that fit',
          },
          {
            route: 'industriesHowWeHelp',
            label: 'How we help',
            description: 'From assessment to run',
          },
        ],
      },
    ],
  },
  {
    kind: 'menu',
    id: 'services',
    label: 'Services',
    groups: [
      {
        heading: 'Insurance',
        links: [
          {
            route: 'services',
            label: 'Guidewire Solutions',
            description: 'ClaimCenter, PolicyCenter, BillingCenter',
          },
          {
            route: 'servicesCcm',
            label: 'Print (CCM) Solutions',
            description: 'Customer communications at scale',
          },
          {
            route: 'servicesProductManagement',
            label: 'P&C Product Management',
            description: 'Products from idea to filing',
          },
          {
            route: 'servicesBusinessOperation',
            label: 'Business Operations',
            description: 'Claims and policy back office',
          },
        ],
      },
      {
        heading: 'Legal',
        links: [
          {
            route: 'servicesDigitalServices',
            label: 'Legal Product Solutions',
            description: 'Practice and matter systems',
          },
          {
            route: 'servicesDesktopServices',
            label: 'Desktop Services',
            description: 'Images, packaging, migrations',
          },
          {
            route: 'servicesHris',
            label: 'HRIS & Marketing Solutions',
            description: 'People and client platforms',
          },
          {
            route: 'servicesLegalBusinessOperation',
            label: 'Legal Business Operations',
            description: 'Billing, intake and records',
          },
        ],
      },
      {
        heading: 'Enterprise',
        links: [
          {
            route: 'servicesCloudBi',
            label: 'Strategic Consulting',
            description: 'Roadmaps and architecture',
          },
          {
            route: 'servicesDigitalApp',
            label: 'Digital Application Services',
            description: 'Build, modernise, maintain',
          },
          {
            route: 'servicesInfra',
            label: 'Infrastructure, Cloud & BI',
            description: 'Platforms and insight',
          },
          {
            route: 'servicesCloudServices',
            label: 'Cloud Services',
            description: 'Migration and 24/7 operations',
          },
          {
            route: 'pmo',
            label: 'PMO & Process Consulting',
            description: 'Delivery that stays on course',
          },
          {
            route: 'qualityAssurance',
            label: 'Quality Assurance',
            description: 'Testing and automation',
          },
        ],
      },
    ],
  },
  { kind: 'link', id: 'careers', label: 'Careers', route: 'careers' },
  {
    kind: 'menu',
    id: 'about',
    label: 'About Us',
    groups: [
      {
        heading: 'Our company',
        links: [
          { route: 'about', label: 'About Lumenfield', description: 'Purpose, values and people' },
          {
            route: 'aboutFounders',
            label: 'Our founders',
            description: 'Who is behind the company',
          },
          {
            route: 'awards',
            label: 'Awards & Recognitions',
            description: 'Growth and industry honours',
          },
        ],
      },
    ],
  },
  { kind: 'link', id: 'contact', label: 'Contact Us', route: 'contact' },
];

/** Footer quick links. */
export const footerQuickLinks: readonly NavLink[] = [
  { route: 'industries', label: 'Industries' },
  { route: 'services', label: 'Services' },
  { route: 'about', label: 'About' },
  { route: 'careers', label: 'Careers' },
  { route: 'contact', label: 'Contact Us' },
  { route: 'privacyPolicy', label: 'Privacy Policy' },
];
