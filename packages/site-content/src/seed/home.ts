import type { HomeContent } from '../schemas/home';

/** The home page's seed: its first revision (docs/content.md). */
export const homeContent = {
  meta: {
    description:
      'Guidewire, legal technology, desktop, cloud and round-the-clock support services for P&C insurers, law firms, utilities and logistics firms.',
  },
  hero: {
    eyebrow: 'IT services and consulting',
    lead: 'We help property and casualty insurers, law firms, energy utilities and logistics operators run dependable core systems, modernise with care and keep their people productive, with a team that answers the phone.',
    tellMe: {
      label: 'Tell me:',
      options: [
        { label: 'how you partner with your clients', to: 'industriesPartners' },
        { label: 'how we can engage and try your support', to: 'contactWhatWillHappen' },
        { label: 'who is behind Lumenfield', to: 'aboutFounders' },
        { label: 'how you are different', to: 'industriesHowWeHelp' },
        { label: 'whether you are hiring', to: 'careers' },
      ],
      submitLabel: 'Show me',
    },
    primaryAction: { label: 'Talk to our team', to: 'contact' },
    artLabel:
      'An abstract network of connected nodes in navy and teal, standing for systems working together.',
  },
  expertise: {
    eyebrow: 'Our Expertise',
    title: 'Deep in the systems that run your business',
    intro:
      'From the policy and claims core of an insurer to the desktops of a busy law firm, we design, build and look after the technology that your people rely on every day.',
    links: [
      {
        to: 'services',
        line: 'ClaimCenter, PolicyCenter and BillingCenter implementations, upgrades and support.',
      },
      {
        to: 'servicesCcm',
        line: 'Customer communications that are accurate, compliant and on time.',
      },
      {
        to: 'servicesProductManagement',
        line: 'New lines and rate changes taken from idea to filing to launch.',
      },
      {
        to: 'servicesBusinessOperation',
        line: 'Policy and claims back-office work handled by specialists.',
      },
      {
        to: 'servicesDigitalServices',
        line: 'Practice, matter and document systems tuned to how lawyers work.',
      },
      {
        to: 'servicesDesktopServices',
        line: 'Image management, application packaging and Windows 10 migration.',
      },
      {
        to: 'servicesHris',
        line: 'People and marketing platforms that share one version of the truth.',
      },
      {
        to: 'servicesLegalBusinessOperation',
        line: 'Billing, intake, conflicts and records run smoothly behind the scenes.',
      },
    ],
  },
  thoughtLeadership: {
    eyebrow: 'Thought Leadership',
    title: 'What we are learning alongside our clients',
    intro:
      'Short notes from our practice leads on the questions clients bring us most often. Each one opens onto the service behind it.',
    linkLabel: 'Learn More',
    cards: [
      {
        topic: 'Insurance core systems',
        title: 'Planning a Guidewire cloud upgrade without freezing the business',
        summary:
          'How carriers sequence configuration, integrations and data so that release trains keep moving while the platform changes underneath.',
        to: 'services',
      },
      {
        topic: 'Customer communications',
        title: 'Fewer templates, clearer letters',
        summary:
          'Rationalising a decade of correspondence templates cuts print cost and makes every notice easier for a policyholder to read.',
        to: 'servicesCcm',
      },
      {
        topic: 'Legal technology',
        title: 'The desktop is part of the client experience',
        summary:
          'Why law firms that standardise images and package applications once spend less time on help-desk tickets and more time billing.',
        to: 'servicesDesktopServices',
      },
      {
        topic: 'Quality engineering',
        title: 'Test automation that survives the next release',
        summary:
          'Regression suites pay off when they are designed around business flows, not screens. A practical way to start.',
        to: 'qualityAssurance',
      },
      {
        topic: 'Cloud operations',
        title: 'What round-the-clock support really takes',
        summary:
          'Follow-the-sun teams, runbooks and clear escalation paths are what turn an uptime promise into a quiet night for your IT lead.',
        to: 'servicesCloudServices',
      },
      {
        topic: 'Delivery',
        title: 'A PMO that helps rather than reports',
        summary:
          'Lightweight governance keeps programmes honest about scope, risk and budget without burying teams in status decks.',
        to: 'pmo',
      },
    ],
  },
  impact: {
    eyebrow: 'Our Impact',
    title: 'Results our clients can count',
    intro: 'We measure ourselves by what changes for the people who use the systems we look after.',
    claims: [
      {
        figure: '97%',
        claim: '97% client retention',
        context: 'Clients stay with us because the team they met is the team that delivers.',
      },
      {
        figure: '1 → 300',
        claim: 'grown from 1 to 300 people',
        context: 'Grown engineer by engineer across the USA, India and the Philippines.',
      },
      {
        figure: '60%',
        claim: '60% cost reduction in total technology spend within twelve months',
        context: 'Achieved by consolidating platforms and retiring what no longer earned its keep.',
      },
      {
        figure: '50%+',
        claim: 'over 50% improvement in agent experience and satisfaction',
        context: 'Simpler screens and faster quotes made the working day better for agents.',
      },
      {
        figure: '~10 yrs',
        claim: 'about a decade of Guidewire experience',
        context:
          'Implementations, upgrades and support across ClaimCenter, PolicyCenter and BillingCenter.',
      },
      {
        figure: '24/7/365',
        claim: '24/7/365 L2 and L3 cloud support',
        context: 'Engineers on call around the clock, on every day of the year.',
      },
    ],
  },
  timeline: {
    eyebrow: 'How we work',
    title: 'Four steps from first call to steady running',
    intro:
      'Every engagement follows the same simple path, so you always know where things stand and what comes next.',
    steps: [
      {
        title: 'Listen and assess',
        text: 'We start with your goals and constraints, then look at the systems, people and processes as they are today.',
        points: ['Stakeholder interviews', 'Current-state review', 'Shared success measures'],
      },
      {
        title: 'Plan together',
        text: 'A roadmap that sequences quick wins and larger changes, with owners, costs and risks written down.',
        points: ['Prioritised roadmap', 'Team and budget plan', 'Risk register'],
      },
      {
        title: 'Deliver in increments',
        text: 'Small, tested releases that your users can see and react to, with one accountable lead on our side.',
        points: [
          'Working releases every few weeks',
          'Automated testing',
          'Open progress reporting',
        ],
      },
      {
        title: 'Run and improve',
        text: 'Once live, our support teams keep watch around the clock and bring you ideas to make the next year better than the last.',
        points: ['L2 and L3 support', 'Service reviews', 'Continuous improvement backlog'],
      },
    ],
  },
  closing: {
    title: 'Get to know the people behind the work',
    text: 'Our founders, leadership team and values, and the communities we support.',
    action: { label: 'About Lumenfield', to: 'about' },
  },
} as const satisfies HomeContent;
