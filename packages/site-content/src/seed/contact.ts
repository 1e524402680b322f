import type { ContactContent } from '../schemas/contact';

/** The contact page's seed: its first revision (docs/content.md). */
export const contactContent = {
  meta: {
    description:
      'Contact Lumenfield: what happens after you get in touch, and our USA, India and Philippines offices with phones, e-mail, open hours and maps.',
  },
  intro: {
    eyebrow: 'Talk to us',
    lead: 'Tell us what you are working on. A practice lead, not a call centre, will reply within one business day.',
  },
  quick: { emailLabel: 'E-mail us', phoneLabel: 'Call us' },
  whatWillHappen: {
    eyebrow: 'What will happen next',
    title: 'From first message to a working team',
    intro: 'Getting started is straightforward, and you can stop at any step with no obligation.',
    steps: [
      {
        title: 'Technical consultation',
        text: 'A free working session with a senior consultant to understand your systems, goals and constraints, and to share first thoughts.',
      },
      {
        title: 'Connect with the tech team',
        text: 'Meet the engineers who would do the work. Try our support on a real ticket or a small piece of work before you commit.',
      },
      {
        title: 'Onboarding the team',
        text: 'We agree scope and ways of working, then bring the team on board with access, knowledge transfer and a named lead from day one.',
      },
    ],
  },
  offices: {
    eyebrow: 'Our offices',
    title: 'Three countries, one team',
    intro: 'Choose an office to see its address, phone numbers, hours and map.',
    tabListLabel: 'Offices',
    addressHeading: 'Address',
    phonesHeading: 'Phone',
    emailHeading: 'E-mail',
    hoursHeading: 'Open hours',
    timeZoneNote: '(Eastern)',
    mapTitle: 'Map of our {office} office',
    mapLinkLabel: 'Open a larger map',
  },
} as const satisfies ContactContent;
