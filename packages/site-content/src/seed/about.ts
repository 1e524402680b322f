import type { AboutContent } from '../schemas/about';

/** The about page's seed: its first revision (docs/content.md). */
export const aboutContent = {
  meta: {
    description:
      'Who we are: a client-centred IT services company built on three values, Reachable, Responsible and Reliable, with founders and leaders you can talk to.',
  },
  intro: {
    eyebrow: 'Our company',
    lead: 'A technology partner that stays close to its clients, grown from a single consultant into a team of hundreds across three countries.',
  },
  purpose: {
    eyebrow: 'Our purpose',
    title: 'Client centricity, in practice',
    paragraphs: [
      'We were founded on a simple observation: clients remember how a partner behaves when something goes wrong far longer than they remember a sales pitch. So we organise everything around the client in front of us, not around a product we need to sell.',
      'That means one accountable lead for every engagement, teams that stay with an account for years rather than rotating out, and advice that is honest even when the answer is to do less.',
    ],
    artLabel:
      'An abstract drawing of three overlapping circles around a teal centre, standing for a client at the heart of our teams.',
  },
  values: {
    eyebrow: 'Core values',
    title: 'Three promises we hold ourselves to',
    intro: 'They shape how we hire, how we plan work and how we answer the phone.',
    items: [
      {
        name: 'Reachable',
        text: 'You can always find a person who knows your systems. Named contacts, direct numbers and an answer the same day.',
        icon: 'phone',
      },
      {
        name: 'Responsible',
        text: 'We own outcomes, not just tasks. When we make a mistake we say so first and fix it before we are asked.',
        icon: 'check',
      },
      {
        name: 'Reliable',
        text: 'Plans we can keep, estimates we stand behind and support that is there at three in the morning as well as three in the afternoon.',
        icon: 'clock',
      },
    ],
  },
  founders: {
    eyebrow: 'Founders',
    title: 'The people who started it',
    intro:
      'Both founders still work with clients every week, and both still take calls when a production system needs them.',
    people: [
      {
        name: 'Priya Raman',
        jobTitle: 'Co-founder and Chief Executive Officer',
        bio: 'Priya spent fifteen years delivering policy and claims platforms for insurers before starting the company as its first consultant. She leads strategy and still sponsors several client programmes personally.',
      },
      {
        name: 'Daniel Okafor',
        jobTitle: 'Co-founder and Chief Delivery Officer',
        bio: 'Daniel built support operations for law firms and utilities, and designed the follow-the-sun model our teams in the USA, India and the Philippines work to today.',
      },
    ],
  },
  management: {
    eyebrow: 'Management team',
    title: 'Leadership',
    intro: 'The leaders who run our practices and the teams behind them.',
    people: [
      { name: 'Maya Ellison', jobTitle: 'Chief Operating Officer' },
      { name: 'Arjun Mehta', jobTitle: 'Vice President, Insurance Practice' },
      { name: 'Grace Villanueva', jobTitle: 'Director, Philippines Delivery Centre' },
      { name: 'Thomas Brandt', jobTitle: 'Vice President, Legal Technology' },
      { name: 'Lakshmi Iyer', jobTitle: 'Head of Cloud and Infrastructure' },
      { name: 'Samuel Reyes', jobTitle: 'Director, Quality Engineering' },
      { name: 'Hannah Cole', jobTitle: 'Head of People and Talent' },
      { name: 'Vikram Nair', jobTitle: 'Chief Financial Officer' },
    ],
  },
  diversity: {
    eyebrow: 'Diversity & Inclusion',
    title: 'A company that looks like the world it serves',
    paragraphs: [
      'Our people come from dozens of backgrounds and work across three countries and many time zones. Different views make our solutions better, and we hire, promote and pay with that in mind.',
      'We are a certified minority-owned business and a certified small business, which helps our clients meet their own supplier diversity goals.',
    ],
    certifications: [
      {
        name: 'Minority-owned business certification',
        text: 'Independently certified as a minority-owned business enterprise.',
      },
      {
        name: 'Small-business certification',
        text: 'Certified as a small business, eligible for supplier diversity programmes.',
      },
    ],
  },
  partnerships: {
    eyebrow: 'Partnerships',
    title: 'Working with the platforms our clients choose',
    intro:
      'We keep close, certified relationships with the vendors behind our clients’ core systems, so our engineers learn about changes early and can escalate quickly when it matters.',
  },
  giving: {
    eyebrow: 'Community Giving',
    title: 'Giving back where we live and work',
    intro:
      'Every office chooses causes close to home, and every employee gets paid time to volunteer.',
    initiatives: [
      {
        title: 'Code clubs',
        text: 'Volunteers teach programming basics to secondary-school students near each of our offices.',
      },
      {
        title: 'Tech for non-profits',
        text: 'Pro bono help for local charities with their networks, laptops and donor systems.',
      },
      {
        title: 'Relief and recovery',
        text: 'Matched donations when storms and floods hit the communities our teams call home.',
      },
    ],
  },
  closing: {
    title: 'Want to work with people like this?',
    text: 'Tell us about your goals and we will introduce you to the team who would look after you.',
    action: { label: 'Get in touch', to: 'contact' },
  },
} as const satisfies AboutContent;
