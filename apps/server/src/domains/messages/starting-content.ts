import type { MessageTemplateInput } from '@lumenfield/contract';

/*
 * What a new installation starts with under Messages (docs/recruiters.md, "Messages"), so that
 * the first rejection is no dead end: a few reasons and two templates, which admins edit,
 * retire or delete like their own. Our own words; the placeholders are the contract's.
 */

export const startingReasons = [
  'Another candidate was a closer match',
  'Experience does not match the role',
  'Not available for the work location',
  'The opening was filled or closed',
] as const;

export const startingTemplates: readonly MessageTemplateInput[] = [
  {
    name: 'Not moving forward',
    subject: 'Your application for {{jobTitle}}',
    body: [
      'Dear {{firstName}},',
      'Thank you for your interest in {{jobTitle}} at {{companyName}} and for the time you gave your application.',
      'After careful review we have decided not to move forward with it this time. We will keep an eye out for openings that suit you better, and we hope you will apply again.',
      'You can see your application here: {{statusLink}}',
      'Kind regards,\n{{companyName}} recruiting',
    ].join('\n\n'),
  },
  {
    name: 'Next step: a conversation',
    subject: 'Next step for {{jobTitle}}',
    body: [
      'Dear {{firstName}},',
      'Thank you for applying for {{jobTitle}} ({{jobCode}}). We would like to talk with you about the role.',
      'We will write again shortly to find a time that suits you. Your application: {{statusLink}}',
      'Kind regards,\n{{companyName}} recruiting',
    ].join('\n\n'),
  },
];
