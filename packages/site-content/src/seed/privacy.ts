import { DEFAULT_APPLICANT_RETENTION_DAYS, PRIVACY_EMAIL } from '@lumenfield/contract';
import type { PrivacyContent } from '../schemas/privacy';

/** The privacy policy's seed: its first revision (docs/content.md). */
export const privacyContent = {
  meta: {
    description:
      'How Lumenfield Technology Partners collects, uses, shares, stores and protects personal information, and the choices and rights you have.',
  },
  intro: {
    eyebrow: 'Legal',
    lead: 'This policy explains what personal information we collect through our website and the hosted services we run, why we collect it, and the choices you have.',
  },
  effectiveDateLabel: 'Effective date:',
  effectiveDate: '6/23/2020',
  contentsLabel: 'Sections of this policy',
  contactLabels: { email: 'E-mail', phone: 'Phone' },
  sections: [
    {
      id: 'information-we-collect',
      title: 'Personal Information We Collect',
      blocks: [
        {
          kind: 'paragraph',
          text: 'This policy applies to our public website and to the hosted property portal we operate for our clients. In the portal, a subscriber (usually a landlord or a property manager acting for one) opens an account and invites tenants and vendors to work with them.',
        },
        { kind: 'paragraph', text: 'Depending on how you use our services, we may collect:' },
        {
          kind: 'list',
          items: [
            'Contact details you give us, such as your name, e-mail address, phone number and postal address.',
            'Account details for subscribers, property managers, landlords, tenants and vendors, such as user names and the properties or units you are linked to.',
            'Job application details you send us, including your résumé, work history and location.',
            'How you found a job opening, when your visit told us: the campaign labels in the address you followed (such as utm_source), the tracking link you used, or the site that sent you (its name only). We keep this with your application and erase it with it.',
            'Messages you send through chat, contact forms or e-mail, and records of support calls.',
            'Payment and invoice records created in the portal between a property manager, tenants and vendors.',
            'Technical data collected automatically, such as IP address, browser type, pages viewed and the time of each visit.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use',
      title: 'How We Use Personal Information',
      blocks: [
        { kind: 'paragraph', text: 'We use personal information to:' },
        {
          kind: 'list',
          items: [
            'Provide, operate and support our website and hosted services.',
            'Answer your enquiries and consider your job applications.',
            'Let property managers, landlords, tenants and vendors communicate, share documents and settle invoices.',
            'Keep our services secure, prevent fraud and fix problems.',
            'Understand how our services are used so that we can improve them.',
            'Meet our legal, accounting and regulatory obligations.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We do not sell personal information, and we do not use it for purposes that are unrelated to the reasons it was collected without telling you first.',
        },
      ],
    },
    {
      id: 'how-we-share',
      title: 'How We Share Personal Information',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We share personal information only as this policy describes:',
        },
        {
          kind: 'list',
          items: [
            'Within the portal, as its users direct: a property manager sees the tenants and vendors linked to the properties they manage, and a tenant or vendor sees what the property manager shares with them.',
            'Only the property manager may view chat transcripts between the property manager and tenants or vendors.',
            'With service providers who host, secure or support our services for us, under contracts that limit their use of the information.',
            'When the law requires it, or to protect the rights, property or safety of our users, our clients or others.',
            'As part of a merger, acquisition or sale of assets, in which case this policy continues to apply to the information transferred.',
          ],
        },
      ],
    },
    {
      id: 'data-storage',
      title: 'Data Storage and Retention',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We keep personal information for as long as an account is active and for as long afterwards as we need it to provide our services, resolve disputes and meet legal obligations.',
        },
        {
          kind: 'list',
          items: [
            'Chat communication is retained for over 4 years so that the records of a tenancy or a piece of work remain available.',
            'When a tenant or vendor is removed from a property, the property manager keeps access to the invoices and data created while they were linked to it.',
            `Job application records (what you sent us and your résumé) are kept while the role is open and erased automatically ${DEFAULT_APPLICANT_RETENTION_DAYS} days after it closes, unless you ask us to delete them sooner.`,
            'Job alerts (your e-mail address and the search you chose) are kept while the alert is on. An alert you never confirm is deleted after 7 days, and one click on the link in any alert mail deletes it at once. Asking us to erase your data from that address deletes your alerts too.',
          ],
        },
      ],
    },
    {
      id: 'other-sites',
      title: 'Other Sites and Services',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Our website links to sites we do not operate, such as award listings, social networks and map services. Their own privacy policies apply when you visit them, and we are not responsible for how they handle your information.',
        },
      ],
    },
    {
      id: 'gdpr',
      title: 'General Data Protection Regulation (GDPR)',
      blocks: [],
    },
    {
      id: 'your-choices',
      title: 'Your Choices',
      blocks: [
        {
          kind: 'list',
          items: [
            'You can review and update your account details at any time, or ask your property manager or subscriber to do so.',
            'You can unsubscribe from marketing e-mails using the link in each message; service messages about your account will continue.',
            'You can set your browser to refuse cookies, although some parts of our services may then not work as intended.',
            'You can ask us to access, correct or delete personal information we hold about you by contacting us as described below.',
            `If you applied for a job with us, write to ${PRIVACY_EMAIL} from the address you applied with to see, correct or erase your application and résumé. We erase every application sent from that address, with its résumé and any message still waiting to be sent about it, and tell you how many records were erased.`,
          ],
        },
      ],
    },
    {
      id: 'security',
      title: 'Security',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We protect personal information with administrative, technical and physical safeguards, including encryption in transit, access controls and monitoring. No method of transmission or storage is completely secure, so we cannot guarantee absolute security, but we work to protect your information and will tell you about a breach where the law requires it.',
        },
      ],
    },
    {
      id: 'international-transfers',
      title: 'International Transfers',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We have teams in the United States, India and the Philippines, and your information may be processed in any of these countries. Wherever it is processed, we protect it as this policy describes and use appropriate safeguards for transfers between countries.',
        },
      ],
    },
    {
      id: 'children',
      title: 'Children',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Our services are not intended for children under 18, and we do not knowingly collect personal information from anyone under 13.',
        },
        {
          kind: 'paragraph',
          text: 'If we learn that we have collected personal information from a child under 16 without the consent of a parent or guardian, we will delete that information. If you believe a child has given us personal information, please contact us.',
        },
      ],
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We may update this policy from time to time. When we do, we will change the effective date at the top of the page, and where the changes are significant we will give notice on our website or by e-mail.',
        },
      ],
    },
    {
      id: 'applicable-law',
      title: 'Applicable Law',
      blocks: [
        {
          kind: 'paragraph',
          text: 'This policy is governed by the laws of the United States and of the state in which our head office is located, without regard to conflict-of-law rules, except where the law of your place of residence gives you additional rights.',
        },
      ],
    },
    {
      id: 'contact-us',
      title: 'Contact Us',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you have questions about this policy or want to exercise your choices, please contact us:',
        },
      ],
      showContactDetails: true,
    },
    {
      id: 'california',
      title: 'Your California Privacy Rights',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you are a California resident, you may ask us to disclose the categories and specific pieces of personal information we have collected about you, the sources, the purposes, and the categories of third parties we shared it with. Requests cover the past 12 months. You may also ask us to delete your personal information, subject to legal exceptions, and we will not treat you differently for exercising these rights.',
        },
        { kind: 'subheading', text: "California 'Shine the Light'" },
        {
          kind: 'paragraph',
          text: 'California Civil Code section 1798.83 lets California residents ask, once a year, about personal information shared with third parties for their direct marketing purposes. To make a request, send it to the contact details above. Your request must include:',
        },
        {
          kind: 'list',
          items: [
            'Your name',
            'Your street address',
            'Your city',
            'Your state',
            'Your ZIP code',
            'An attestation that you are a California resident',
          ],
        },
      ],
    },
  ],
} as const satisfies PrivacyContent;
