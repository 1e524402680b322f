import type {
  IndustryEntry,
  IndustryPageId,
  IndustryRouteId,
  IndustryTemplateText,
} from '../schemas/industries';

/** Which page a route shows: the section routes show the Insurance page. */
export const industryPageFor: Record<IndustryRouteId, IndustryPageId> = {
  industries: 'industries',
  industriesPartners: 'industries',
  industriesHowWeHelp: 'industries',
  industriesLegal: 'industriesLegal',
  industriesManlog: 'industriesManlog',
};

export const industryContent = {
  industries: {
    description:
      'Technology partner for property and casualty insurers: Guidewire core systems, claims, policy, billing, customer communications and data.',
    eyebrow: 'Industries · Insurance',
    lead: 'Carriers, MGAs and their agents rely on us to modernise core systems and run the operations around them, without losing sight of the policyholder at the end of every transaction.',
    audience:
      'For claims, underwriting and IT leaders at property and casualty carriers, managing general agents and the programmes that serve them.',
    specialties: {
      title: 'Where we specialise',
      intro:
        'Our insurance practice grew from core-system work, and it still centres on the systems and teams that handle policies, claims and money.',
      items: [
        {
          icon: 'core',
          title: 'Guidewire core systems',
          text: 'Implementations, upgrades and cloud moves across ClaimCenter, PolicyCenter and BillingCenter.',
          service: 'services',
        },
        {
          icon: 'mail',
          title: 'Customer communications',
          text: 'Policy documents, notices and bills composed from a governed template library.',
          service: 'servicesCcm',
        },
        {
          icon: 'policy',
          title: 'Product and rating',
          text: 'New products, rate changes and bureau updates configured and verified against the filing.',
          service: 'servicesProductManagement',
        },
        {
          icon: 'claims',
          title: 'Claims and policy operations',
          text: 'Intake, servicing and billing queues run with your procedures and quality checks.',
          service: 'servicesBusinessOperation',
        },
        {
          icon: 'trend',
          title: 'Data and reporting',
          text: 'Loss, premium and operational data brought together for actuarial and management reporting.',
          service: 'servicesInfra',
        },
        {
          icon: 'headset',
          title: 'Application support',
          text: 'L2 and L3 support for core platforms and their integrations, around the clock.',
          service: 'servicesCloudServices',
        },
      ],
    },
    partners: {
      title: 'How we partner with carriers',
      intro:
        'No two carriers buy help the same way. We offer three ways of working and are happy to combine them as a programme changes shape.',
      models: [
        {
          title: 'Outcome-based projects',
          text: 'A fixed scope, such as a centre go-live or an upgrade, delivered by our team against agreed milestones.',
        },
        {
          title: 'Blended teams',
          text: 'Our consultants work inside your squads, bringing product depth while your people keep ownership.',
        },
        {
          title: 'Managed services',
          text: 'We take responsibility for support, releases or an operations queue under service levels you set.',
        },
      ],
      technologyTitle: 'Technology partners we work with',
      technology: ['Guidewire', 'Microsoft', 'Amazon Web Services'],
    },
    philosophy: {
      title: 'Our philosophy',
      statement:
        'Insurance is a promise kept at the worst moment of someone’s day. The systems behind that promise should be dependable, explainable and easy for your people to use.',
      principles: [
        {
          title: 'Stay close to the base product',
          text: 'Every customisation is a cost at the next upgrade, so we configure first and extend only with a reason.',
        },
        {
          title: 'Test with real business scenarios',
          text: 'Claims and policies your staff recognise make better tests than synthetic data alone.',
        },
        {
          title: 'Leave the knowledge behind',
          text: 'Documentation, test suites and coaching mean your team can run what we build.',
        },
      ],
    },
    howWeHelp: {
      title: 'How we help',
      intro:
        'What sets us apart is that one partner can advise, build and run, so nothing is lost between the strategy and the support desk.',
      steps: [
        {
          title: 'Assess',
          text: 'We review your core systems, integrations and operations and agree where change will pay back first.',
        },
        {
          title: 'Plan',
          text: 'A roadmap with releases, costs and staffing, sized to your budget cycle and regulatory calendar.',
        },
        {
          title: 'Deliver',
          text: 'Configuration, integration and testing in short increments, with business users involved throughout.',
        },
        {
          title: 'Run and improve',
          text: 'Application support and operations after go-live, with regular reviews of what to improve next.',
        },
      ],
    },
    getInTouch: {
      title: 'Let’s talk about your next insurance programme',
      text: 'Whether it is a core-system decision or a queue that needs help, we will start by listening.',
      label: 'Get in touch',
    },
  },

  industriesLegal: {
    description:
      'Technology partner for law firms: document and practice management, desktop services, HR and marketing systems and legal business operations.',
    eyebrow: 'Industries · Legal',
    lead: 'Law firms trust us with the platforms their lawyers use every hour, from the document system to the desktop, and with the business operations that turn billable time into revenue.',
    audience:
      'For chief information officers, IT directors and operations leaders at law firms and corporate legal departments.',
    specialties: {
      title: 'Our legal technology expertise',
      intro:
        'We know the rhythms of a firm: the deadlines, the partner expectations, the confidentiality rules. Our services are shaped around them.',
      items: [
        {
          icon: 'folder',
          title: 'Document and practice systems',
          text: 'Document management, matter management and docketing implemented and integrated.',
          service: 'servicesDigitalServices',
        },
        {
          icon: 'desktop',
          title: 'Desktop and devices',
          text: 'Images, application packaging and operating system migrations with minimal downtime for fee earners.',
          service: 'servicesDesktopServices',
        },
        {
          icon: 'people',
          title: 'HR and marketing systems',
          text: 'HR information, recruiting, CRM and experience platforms connected to matter data.',
          service: 'servicesHris',
        },
        {
          icon: 'scale',
          title: 'Business operations',
          text: 'Intake, conflicts, billing and records run and improved with the firm’s own teams.',
          service: 'servicesLegalBusinessOperation',
        },
        {
          icon: 'lock',
          title: 'Security and confidentiality',
          text: 'Ethical walls, access reviews and client security questionnaires answered with evidence.',
        },
        {
          icon: 'headset',
          title: 'Support for lawyers',
          text: 'A service desk that understands urgent filings and treats them that way.',
        },
      ],
    },
    partners: {
      title: 'How we partner with firms',
      intro:
        'Firms differ in size and appetite for outsourcing, so we offer a few ways of working together.',
      models: [
        {
          title: 'Project delivery',
          text: 'A platform rollout or migration planned around the firm calendar and delivered end to end.',
        },
        {
          title: 'Extended IT team',
          text: 'Specialists who join your IT department for as long as you need them.',
        },
        {
          title: 'Managed operations',
          text: 'Desktop support, application support or business operations run to agreed service levels.',
        },
      ],
      technologyTitle: 'Technology partners we work with',
      technology: ['Microsoft', 'ServiceNow', 'Amazon Web Services'],
    },
    philosophy: {
      title: 'Our philosophy',
      statement:
        'A lawyer’s time is the firm’s product. Good technology gives that time back; poor technology quietly takes it away, one small delay at a time.',
      principles: [
        {
          title: 'Respect the calendar',
          text: 'Changes land around trials, closings and year end, never in the middle of them.',
        },
        {
          title: 'Confidentiality by design',
          text: 'Matter security and ethical walls are part of every design, not a later add-on.',
        },
        {
          title: 'Train people, not just users',
          text: 'Partners, associates and assistants work differently, so each gets guidance that fits.',
        },
      ],
    },
    howWeHelp: {
      title: 'How we help',
      intro:
        'We combine legal-domain knowledge with hands-on engineering, so advice and delivery come from the same people.',
      steps: [
        {
          title: 'Listen to the practice',
          text: 'Interviews with practice groups and support staff reveal where time is being lost.',
        },
        {
          title: 'Recommend',
          text: 'A prioritised plan that weighs lawyer experience, risk and cost.',
        },
        {
          title: 'Implement',
          text: 'Pilot with one group, then roll out firm-wide in planned waves with floor support.',
        },
        {
          title: 'Support',
          text: 'Ongoing desktop, application and operations support that knows the firm.',
        },
      ],
    },
    getInTouch: {
      title: 'Let’s talk about your firm’s technology',
      text: 'Tell us what is slowing your lawyers down and we will suggest where to begin.',
      label: 'Get in touch',
    },
  },

  industriesManlog: {
    description:
      'Technology partner for energy utilities, manufacturers and logistics firms: field and fleet systems, customer billing, asset maintenance, cloud and data.',
    eyebrow: 'Industries · Energy, utilities & logistics',
    lead: 'Utilities, manufacturers and logistics operators count on us for the systems that keep crews, fleets and plants moving and customers informed.',
    audience:
      'For operations, customer and IT leaders at energy utilities, manufacturers and logistics and distribution companies.',
    specialties: {
      title: 'Our expertise in operations-heavy businesses',
      intro:
        'These are businesses where a system outage is felt on the street, at the loading dock or on the plant floor. We build and run technology with that in mind.',
      items: [
        {
          icon: 'wrench',
          title: 'Field service and work management',
          text: 'Scheduling, dispatch and mobile tools that get the right crew to the right job with the right parts.',
          service: 'servicesDigitalApp',
        },
        {
          icon: 'truck',
          title: 'Fleet and logistics',
          text: 'Shipment tracking, route and warehouse integrations, and partner data exchanges that do not drop messages.',
          service: 'servicesDigitalApp',
        },
        {
          icon: 'billing',
          title: 'Customer billing and service',
          text: 'Customer information and billing systems, portals and contact-centre tools integrated cleanly.',
        },
        {
          icon: 'bolt',
          title: 'Asset and maintenance systems',
          text: 'Asset registers and maintenance plans connected to field work and finance.',
        },
        {
          icon: 'cloud',
          title: 'Cloud and infrastructure',
          text: 'Resilient platforms with 24/7/365 L2 and L3 cloud support for systems that cannot stop.',
          service: 'servicesCloudServices',
        },
        {
          icon: 'trend',
          title: 'Operational data and BI',
          text: 'Dashboards on outages, deliveries, throughput and cost that operations teams trust.',
          service: 'servicesInfra',
        },
      ],
    },
    partners: {
      title: 'How we partner with operators',
      intro:
        'Operational businesses need partners who can commit to service levels and scale with seasonal demand.',
      models: [
        {
          title: 'Modernisation programmes',
          text: 'Legacy field, billing or logistics systems replaced or re-platformed in staged releases.',
        },
        {
          title: 'Embedded engineering',
          text: 'Developers, testers and analysts who join your teams and adopt your ways of working.',
        },
        {
          title: 'Round-the-clock operations',
          text: 'Application and cloud support that matches your operating hours, including nights and storms.',
        },
      ],
      technologyTitle: 'Technology partners we work with',
      technology: ['Microsoft', 'Amazon Web Services', 'ServiceNow'],
    },
    philosophy: {
      title: 'Our philosophy',
      statement:
        'When the lights, the trucks or the production line depend on software, reliability is not a feature. It is the whole job.',
      principles: [
        {
          title: 'Design for the bad day',
          text: 'Storm peaks, holiday surges and network outages are planned for from the start.',
        },
        {
          title: 'Start from the field',
          text: 'We ride along, walk the warehouse and sit with dispatchers before we design anything.',
        },
        {
          title: 'Measure what operations measure',
          text: 'Success is shorter outages, on-time deliveries and fewer repeat visits, not just a go-live date.',
        },
      ],
    },
    howWeHelp: {
      title: 'How we help',
      intro:
        'Our difference is that we stay accountable after launch: the team that builds a system is ready to run it.',
      steps: [
        {
          title: 'Observe',
          text: 'Time in the field, the control room and the warehouse to see the work as it happens.',
        },
        {
          title: 'Prioritise',
          text: 'A roadmap ranked by operational impact, safety and cost.',
        },
        {
          title: 'Build and integrate',
          text: 'Systems delivered in increments and tested under realistic load and failure conditions.',
        },
        {
          title: 'Operate',
          text: 'Support around the clock, with reviews of incidents and trends every month.',
        },
      ],
    },
    getInTouch: {
      title: 'Let’s keep your operation moving',
      text: 'Tell us about the system that keeps you up at night, and we will tell you how we would approach it.',
      label: 'Get in touch',
    },
  },
} as const satisfies Record<IndustryPageId, IndustryEntry>;

/** The words the template puts around every entry. */
export const industryTemplateText = {
  expertiseEyebrow: 'Specialties',
  partnersEyebrow: 'Partnerships',
  philosophyEyebrow: 'What we believe',
  howWeHelpEyebrow: 'What sets us apart',
  relatedServicePrefix: 'Related service:',
  howWeHelpAction: 'See how we help',
} as const satisfies IndustryTemplateText;
