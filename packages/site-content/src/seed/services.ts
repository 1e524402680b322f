import type {
  FocusAreas,
  ServiceEntry,
  ServiceRouteId,
  ServiceTemplateText,
  Solutions,
} from '../schemas/services';

/** Every service page's seed, by route id: each page's first revision (docs/content.md). */
export const serviceContent = {
  services: {
    description:
      'Guidewire ClaimCenter, PolicyCenter and BillingCenter implementation and support for P&C insurers, with about a decade of Guidewire experience.',
    lead: 'ClaimCenter, PolicyCenter, BillingCenter and the insurance products around them, configured, integrated and supported by people who have worked inside Guidewire for about a decade.',
    overview: {
      title: 'A core system is only as good as the way it is fitted',
      paragraphs: [
        'A Guidewire programme touches every adjuster, underwriter and billing clerk in the company. We treat it that way: configuration decisions are made with the people who will live with them, and every extension is weighed against the next upgrade.',
        'Whether you are going live on a first centre, consolidating several books onto one platform or moving to Guidewire Cloud, we bring the product knowledge, the integration patterns and the test assets so your team does not have to learn them the hard way.',
      ],
      highlightsTitle: 'What you can count on',
      highlights: [
        'About a decade of Guidewire experience',
        'Configuration kept close to the base product, so upgrades stay affordable',
        'Integration patterns for rating, documents, payments and data',
        'Regression suites handed over with the code',
      ],
    },
    offerings: {
      title: 'The centres we work in',
      intro:
        'Most carriers start with one centre and grow into the suite. We work across all three and the products that sit beside them.',
      items: [
        {
          icon: 'claims',
          title: 'ClaimCenter',
          text: 'First notice of loss, assignment rules, reserving, payments and recovery flows tuned to how your adjusters actually work a claim.',
        },
        {
          icon: 'policy',
          title: 'PolicyCenter',
          text: 'Product model, underwriting rules, quoting and policy change transactions, with rating and forms integrations that agents can trust.',
        },
        {
          icon: 'billing',
          title: 'BillingCenter',
          text: 'Payment plans, invoicing, delinquency and commission handling, reconciled with your general ledger and payment gateways.',
        },
        {
          icon: 'puzzle',
          title: 'Other insurance products',
          text: 'Digital portals for agents and policyholders, data and reporting add-ons, and the connectors that tie the suite to the rest of your estate.',
        },
      ],
    },
    approach: {
      title: 'How a Guidewire engagement runs',
      steps: [
        {
          title: 'Fit and gap',
          text: 'We walk your processes against the base product and agree, line by line, what to configure and what to leave alone.',
        },
        {
          title: 'Configure and integrate',
          text: 'Short sprints deliver working slices of the centre, wired to the real rating, document and payment services early.',
        },
        {
          title: 'Prove it',
          text: 'Automated regression, data conversion rehearsals and user acceptance with your own claims and policy staff.',
        },
        {
          title: 'Go live and stay with you',
          text: 'Hypercare, then ongoing application support and release management so the platform keeps pace with the business.',
        },
      ],
    },
    blocks: ['solutions'],
    cta: {
      title: 'Planning a Guidewire implementation or upgrade?',
      text: 'Tell us where your programme stands and we will share how similar carriers got from there to a stable go-live.',
    },
  },

  servicesCcm: {
    description:
      'Print and customer communications management (CCM) for insurers: template rationalisation, document composition, print and mail, and digital delivery.',
    lead: 'Declarations pages, notices, bills and letters that are right the first time, composed from fewer templates and delivered on paper or on screen.',
    overview: {
      title: 'Every policyholder reads what your systems print',
      paragraphs: [
        'Customer communications are where a carrier’s data meets its customers. A wrong endorsement or a late cancellation notice is a regulatory problem as much as a service one.',
        'We help insurers untangle years of accumulated templates, connect the composition engine cleanly to policy, billing and claims systems, and run the print and digital channels with controls that auditors like.',
      ],
      highlightsTitle: 'Typical outcomes',
      highlights: [
        'A smaller, governed template library',
        'Documents generated straight from core-system events',
        'Print, mail and e-delivery tracked end to end',
        'Business users editing content without a release',
      ],
    },
    offerings: {
      title: 'What we take care of',
      intro:
        'From the first template inventory to the envelope at the policyholder’s door, one team owns the whole chain.',
      items: [
        {
          icon: 'document',
          title: 'Template design and rationalisation',
          text: 'We inventory forms and letters, merge near-duplicates and rebuild them with shared components and plain-language wording.',
        },
        {
          icon: 'sliders',
          title: 'Composition and integration',
          text: 'Composition engines fed by policy, billing and claims events, with the data mapping and versioning kept in one place.',
        },
        {
          icon: 'printer',
          title: 'Print and mail operations',
          text: 'Batch scheduling, print vendor hand-offs, returned-mail handling and reconciliation reports you can show a regulator.',
        },
        {
          icon: 'inbox',
          title: 'Digital delivery and archive',
          text: 'E-mail and portal delivery with consent tracking, plus a searchable archive of exactly what each customer received.',
        },
      ],
    },
    approach: {
      title: 'From template sprawl to a clean library',
      steps: [
        {
          title: 'Inventory',
          text: 'Catalogue every document, its triggers, its volumes and the states or lines of business that need it.',
        },
        {
          title: 'Design the library',
          text: 'Agree shared components, naming and ownership so new documents are assembled rather than copied.',
        },
        {
          title: 'Migrate in waves',
          text: 'Move document families one line of business at a time, comparing old and new output side by side.',
        },
        {
          title: 'Operate',
          text: 'Run production batches, monitor delivery and hand business owners the tools to change content safely.',
        },
      ],
    },
    blocks: [],
    cta: {
      title: 'Too many templates and not enough confidence?',
      text: 'Send us a sample of your document inventory and we will suggest where the quickest wins are.',
    },
  },

  servicesProductManagement: {
    description:
      'P&C product management support: product definition, rate and rule configuration, forms, filings and bureau updates, kept in step with your core systems.',
    lead: 'New products and rate changes that move from the actuary’s spreadsheet to a quotable policy in weeks, with the filings and forms lined up behind them.',
    overview: {
      title: 'Speed to market without shortcuts',
      paragraphs: [
        'Product teams are asked to launch faster while the rules, rates and forms behind each product grow more complex. The work falls between actuarial, underwriting, compliance and IT, and it is easy for something to slip.',
        'We sit in that gap. Our analysts speak the language of rating worksheets and filing memoranda, and our engineers translate them into product models, rating routines and test cases your core system can run.',
      ],
      highlightsTitle: 'What changes for your product team',
      highlights: [
        'One traceable path from filing to configuration',
        'Rate changes tested against real policies before release',
        'Bureau and regulatory updates handled on a calendar, not in a scramble',
        'Product documentation that stays current',
      ],
    },
    offerings: {
      title: 'Where we help',
      intro: 'Pick the part of the product lifecycle that hurts most, or hand us the whole cycle.',
      items: [
        {
          icon: 'compass',
          title: 'Product definition',
          text: 'Coverages, limits, deductibles and eligibility captured in a structured model that business and IT both read.',
        },
        {
          icon: 'sliders',
          title: 'Rate and rule configuration',
          text: 'Rating tables, algorithms and underwriting rules configured, versioned by effective date and checked against worked examples.',
        },
        {
          icon: 'document',
          title: 'Forms and filings support',
          text: 'Form attachment logic, state exceptions and the documentation regulators ask for, prepared alongside the build.',
        },
        {
          icon: 'calendar',
          title: 'Bureau and regulatory updates',
          text: 'A standing process to assess, schedule and implement circulars and mandated changes before their effective dates.',
        },
      ],
    },
    approach: {
      title: 'How a product change travels',
      steps: [
        {
          title: 'Capture',
          text: 'Turn the actuarial and underwriting intent into a product specification with worked rating examples.',
        },
        {
          title: 'Configure',
          text: 'Build the product model, rates and rules in the policy system, versioned by state and effective date.',
        },
        {
          title: 'Verify',
          text: 'Compare system premiums with the worksheet across hundreds of generated policies before anyone quotes.',
        },
        {
          title: 'Release and monitor',
          text: 'Deploy on the agreed date and watch quote and bind patterns for surprises in the first weeks.',
        },
      ],
    },
    blocks: [],
    cta: {
      title: 'Have a product launch or rate change on the calendar?',
      text: 'We can review the plan with your product team and point out where it is likely to slip.',
    },
  },

  servicesBusinessOperation: {
    description:
      'Insurance business operations support: claims intake, policy servicing, billing reconciliation and agent help desks run alongside your own teams.',
    lead: 'The daily work behind claims, policies and billing, handled by trained teams who know your systems, so your own staff can focus on judgement calls.',
    overview: {
      title: 'Operations that scale with your book',
      paragraphs: [
        'Volumes rise after a storm, at renewal season and every time a new product launches. Hiring and training for the peaks is slow, and leaving work to queue up costs customers and agents.',
        'Our operations teams work inside your claims, policy and billing systems under your procedures, with quality checks and reporting agreed up front. Because the same company also configures those systems, we spot the process fixes that remove work altogether.',
      ],
      highlightsTitle: 'How we keep it reliable',
      highlights: [
        'Documented procedures and quality sampling on every queue',
        'Coverage across time zones from our USA, India and Philippines offices',
        'Service levels reported weekly against agreed targets',
        'Process improvements suggested from the work itself',
      ],
    },
    offerings: {
      title: 'Work we take on',
      intro:
        'Start with one queue and widen the scope as trust builds; many clients begin with the work that piles up first.',
      items: [
        {
          icon: 'claims',
          title: 'Claims intake and support',
          text: 'First notice of loss entry, document indexing, coverage verification prep and payment processing for adjusters.',
        },
        {
          icon: 'policy',
          title: 'Policy servicing',
          text: 'Endorsements, renewals, cancellations and reinstatements processed accurately and on time.',
        },
        {
          icon: 'billing',
          title: 'Billing and reconciliation',
          text: 'Payment application, suspense clearing, refunds and commission statements reconciled daily.',
        },
        {
          icon: 'headset',
          title: 'Agent and policyholder help desk',
          text: 'A knowledgeable first line for agents’ system questions and policyholders’ billing queries.',
        },
      ],
    },
    approach: {
      title: 'How we take over a queue',
      steps: [
        {
          title: 'Shadow',
          text: 'Our team learns each task beside your staff and writes the procedure down as it goes.',
        },
        {
          title: 'Reverse shadow',
          text: 'We do the work while your experts review it, until quality holds at the agreed level.',
        },
        {
          title: 'Run',
          text: 'We own the queue, with daily quality sampling and weekly service reports.',
        },
        {
          title: 'Improve',
          text: 'Recurring exceptions become fixes in the process or the system, so the queue shrinks over time.',
        },
      ],
    },
    blocks: ['focus'],
    cta: {
      title: 'Is a queue growing faster than your team?',
      text: 'Tell us about it and we will outline what a transition could look like.',
    },
  },

  servicesDigitalServices: {
    description:
      'Legal product solutions for law firms: document and email management, matter and practice management, time and billing, and client collaboration portals.',
    lead: 'The systems a law firm runs on, from document management to time entry and client portals, selected, implemented and supported by people who understand how lawyers work.',
    overview: {
      title: 'Technology that stays out of the lawyer’s way',
      paragraphs: [
        'Fee earners judge a system by whether it slows them down. A document that will not file, a matter that cannot be opened before a deadline, a time entry screen that fights back: each one costs billable time and goodwill.',
        'We implement and integrate the platforms legal teams depend on, with the security, ethical walls and records rules a firm needs, and we design the rollout around the firm’s calendar rather than the vendor’s.',
      ],
      highlightsTitle: 'Built for how firms work',
      highlights: [
        'Ethical walls and matter security designed in from the start',
        'Rollouts scheduled around trials, closings and year end',
        'Training for partners, associates and assistants, separately',
        'Integrations across document, practice and finance systems',
      ],
    },
    offerings: {
      title: 'Platforms we implement and support',
      intro:
        'We are vendor-neutral: we help you choose, then we make the chosen platform work with everything else.',
      items: [
        {
          icon: 'folder',
          title: 'Document and email management',
          text: 'Workspaces per matter, email filing from the inbox, and migrations that keep every version and its history.',
        },
        {
          icon: 'briefcase',
          title: 'Matter and practice management',
          text: 'Intake, conflicts checks, matter opening and docketing workflows that run the same way in every office.',
        },
        {
          icon: 'billing',
          title: 'Time, billing and finance',
          text: 'Time capture, pre-bill review, electronic billing to corporate clients and reconciliation with the finance system.',
        },
        {
          icon: 'people',
          title: 'Client and collaboration portals',
          text: 'Secure spaces to share documents and matter updates with clients and co-counsel outside the firm.',
        },
      ],
    },
    approach: {
      title: 'How we roll out a legal platform',
      steps: [
        {
          title: 'Listen to the practice',
          text: 'Interview practice groups and support staff to learn where today’s tools get in the way.',
        },
        {
          title: 'Design and secure',
          text: 'Configure the platform, security model and integrations, and test them against real matters.',
        },
        {
          title: 'Pilot with one group',
          text: 'Go live with a willing practice group first and fix what they find before anyone else moves.',
        },
        {
          title: 'Firm-wide rollout',
          text: 'Move the rest of the firm in planned waves with floor support on every go-live day.',
        },
      ],
    },
    blocks: ['solutions'],
    cta: {
      title: 'Choosing or replacing a legal platform?',
      text: 'We will help you compare the options against how your firm actually works.',
    },
  },

  servicesDesktopServices: {
    description:
      'Desktop services for law firms and enterprises: image management, application packaging and Windows 10 migration with minimal disruption to users.',
    lead: 'Image management, application packaging and Windows 10 migration, planned so that people come back to a desktop that works the way they left it.',
    overview: {
      title: 'A desktop estate people do not have to think about',
      paragraphs: [
        'The desktop is where every other system is experienced. When images drift, applications install differently on each machine and upgrades are postponed, support calls rise and security gaps open.',
        'We bring order to the estate: a small number of maintained images, every application packaged and tested the same way, and operating system migrations run as a repeatable process rather than a one-off project.',
      ],
      highlightsTitle: 'What the estate gains',
      highlights: [
        'Standard images rebuilt on a predictable patch cadence',
        'Every application packaged, tested and documented once',
        'Migrations scheduled around each team’s deadlines',
        'User files and settings carried across intact',
      ],
    },
    offerings: {
      title: 'Our desktop services',
      intro:
        'Each service stands alone, and together they make the next upgrade routine instead of risky.',
      items: [
        {
          icon: 'desktop',
          title: 'Image management',
          text: 'Gold images built from a script, patched monthly and tested against your core applications before release.',
        },
        {
          icon: 'package',
          title: 'Application packaging',
          text: 'Silent, repeatable installs with their dependencies mapped, so software deploys the same way to every machine.',
        },
        {
          icon: 'window',
          title: 'Windows 10 migration',
          text: 'Compatibility testing, user-state migration and wave planning that move people to Windows 10 with their work intact.',
        },
        {
          icon: 'headset',
          title: 'Desktop lifecycle support',
          text: 'Hardware refresh, deskside support and a service desk that knows the estate because it built it.',
        },
      ],
    },
    approach: {
      title: 'How a migration wave runs',
      steps: [
        {
          title: 'Discover',
          text: 'Inventory devices, applications and who uses them, and retire what nobody needs.',
        },
        {
          title: 'Package and test',
          text: 'Package the remaining applications and test each one on the new image with real user scenarios.',
        },
        {
          title: 'Pilot',
          text: 'Migrate a pilot group, gather their feedback and tune the process before scaling up.',
        },
        {
          title: 'Migrate in waves',
          text: 'Move teams in scheduled waves, with floor walkers on hand the morning after each one.',
        },
      ],
    },
    blocks: [],
    cta: {
      title: 'Planning a desktop refresh or migration?',
      text: 'We can assess your images and application catalogue and give you a realistic schedule.',
    },
  },

  servicesHris: {
    description:
      'HRIS and marketing solutions for professional services firms: HR systems, recruiting and onboarding, CRM, experience databases and proposal automation.',
    lead: 'The people systems and client-facing marketing platforms behind a growing firm, connected so that talent, experience and relationships are recorded once and used everywhere.',
    overview: {
      title: 'Two functions, one source of truth',
      paragraphs: [
        'HR and marketing teams in professional services firms depend on the same facts: who works here, what they have done and for whom. Too often each team keeps its own copy, and pitches or reviews are assembled by hand.',
        'We implement and connect HR information systems and marketing platforms so that a new joiner, a completed matter or a client relationship is captured once and flows to every system that needs it.',
      ],
      highlightsTitle: 'What firms gain',
      highlights: [
        'One employee record shared by HR, IT and marketing',
        'Experience and biographies that update themselves',
        'Faster proposals built from approved content',
        'Reporting on recruiting, reviews and pipeline in one place',
      ],
    },
    offerings: {
      title: 'What we implement',
      intro:
        'We configure the platforms, build the integrations between them and train the teams who own them.',
      items: [
        {
          icon: 'people',
          title: 'HR information systems',
          text: 'Core HR records, organisation structures and self-service for employees and managers.',
        },
        {
          icon: 'checkCircle',
          title: 'Recruiting and onboarding',
          text: 'Applicant tracking, offers and onboarding checklists that provision accounts before day one.',
        },
        {
          icon: 'megaphone',
          title: 'CRM and client development',
          text: 'Relationship and pipeline tracking, events and campaigns, tied to the firm’s matter data.',
        },
        {
          icon: 'document',
          title: 'Experience and proposal content',
          text: 'An experience database and proposal templates that assemble pitches from approved, current content.',
        },
      ],
    },
    approach: {
      title: 'How we connect people and marketing data',
      steps: [
        {
          title: 'Map the records',
          text: 'Find every place people, matters and clients are recorded today, and decide which system owns each fact.',
        },
        {
          title: 'Configure',
          text: 'Set up the HR and marketing platforms around the agreed ownership and approval rules.',
        },
        {
          title: 'Integrate',
          text: 'Build the feeds between HR, practice management and marketing so updates flow without re-keying.',
        },
        {
          title: 'Adopt',
          text: 'Train each team on the tasks they do most and measure whether the old spreadsheets disappear.',
        },
      ],
    },
    blocks: [],
    cta: {
      title: 'Still assembling pitches by hand?',
      text: 'We will show you what connecting HR, matter and marketing data could save your teams.',
    },
  },

  servicesLegalBusinessOperation: {
    description:
      'Legal business operations support: new business intake, conflicts, billing operations, e-billing and records management for law firms.',
    lead: 'The operational backbone of a firm, from intake and conflicts to billing and records, run with the accuracy the partners expect and the pace clients demand.',
    overview: {
      title: 'The business side of the practice, handled',
      paragraphs: [
        'Every new matter passes through intake, conflicts, engagement and billing setup before a lawyer bills an hour. Every invoice passes through pre-bill review and, for many clients, an e-billing portal with its own rules. Delays at any step reach the firm’s cash flow.',
        'We run and improve these operations with your teams, using the firm’s own systems and policies, and we bring the technical skill to automate the steps that should never have been manual.',
      ],
      highlightsTitle: 'Where firms see the difference',
      highlights: [
        'Matters opened faster, with conflicts cleared and documented',
        'Fewer e-billing rejections and quicker payment',
        'Records retained and destroyed according to policy',
        'Clear reports for the finance committee',
      ],
    },
    offerings: {
      title: 'Operations we support',
      intro: 'Each can be run as a managed service or improved as a project with your own staff.',
      items: [
        {
          icon: 'briefcase',
          title: 'New business intake',
          text: 'Intake forms, engagement letters and matter opening that capture the right data first time.',
        },
        {
          icon: 'scale',
          title: 'Conflicts and compliance',
          text: 'Conflicts searches, lateral hire checks and ethical wall administration with a full audit trail.',
        },
        {
          icon: 'billing',
          title: 'Billing operations and e-billing',
          text: 'Pre-bill preparation, client billing guidelines and portal submissions managed to reduce rejections.',
        },
        {
          icon: 'archive',
          title: 'Records management',
          text: 'Retention schedules, file transfers for departing lawyers and defensible disposal of closed matters.',
        },
      ],
    },
    approach: {
      title: 'How we improve an operation',
      steps: [
        {
          title: 'Measure',
          text: 'Time each step from intake to invoice and find where work waits the longest.',
        },
        {
          title: 'Simplify',
          text: 'Remove duplicate approvals and re-keying before automating anything.',
        },
        {
          title: 'Automate',
          text: 'Connect intake, practice and finance systems so data moves without being typed twice.',
        },
        {
          title: 'Run and report',
          text: 'Operate the process with agreed service levels and monthly reports to firm leadership.',
        },
      ],
    },
    blocks: ['focus'],
    cta: {
      title: 'Want matters opened and invoices paid faster?',
      text: 'Let us walk through your intake-to-cash process with you and show where time is lost.',
    },
  },

  servicesCloudBi: {
    description:
      'Roadmaps, architecture and spend reviews; for one client, a 60% cost reduction in total technology spend within twelve months.',
    lead: 'Technology roadmaps, architecture decisions and spend reviews that leadership can act on, grounded in how the business really runs.',
    overview: {
      title: 'Advice that is built to be delivered',
      paragraphs: [
        'A strategy is only useful if the organisation can carry it out. Ours are written by consultants who also deliver, so every recommendation comes with a sequence, a cost and the people it will need.',
        'We start from the business goals, look hard at the current estate and its contracts, and produce a roadmap that pays for itself step by step. For one client that meant a 60% cost reduction in total technology spend within twelve months.',
      ],
      highlightsTitle: 'What a strategy engagement leaves behind',
      highlights: [
        '60% cost reduction in total technology spend within twelve months, for one client',
        'A sequenced roadmap with costs and owners',
        'Architecture principles the teams can apply on their own',
        'A clear view of which contracts and systems to retire',
      ],
    },
    offerings: {
      title: 'Consulting services',
      intro:
        'Short, focused engagements with a named senior consultant and a concrete deliverable at the end.',
      items: [
        {
          icon: 'compass',
          title: 'Technology roadmaps',
          text: 'A multi-year plan that links each investment to a business outcome and orders the work realistically.',
        },
        {
          icon: 'server',
          title: 'Architecture review',
          text: 'An honest look at applications, integrations and infrastructure, with the risks ranked by impact.',
        },
        {
          icon: 'chart',
          title: 'Technology spend review',
          text: 'Licences, contracts and run costs examined line by line to find what can be consolidated or retired.',
        },
        {
          icon: 'shield',
          title: 'Vendor selection',
          text: 'Requirements, scripted demonstrations and reference checks that lead to a decision you can defend.',
        },
      ],
    },
    approach: {
      title: 'How a strategy engagement runs',
      steps: [
        {
          title: 'Understand the goals',
          text: 'Interview leadership and the people doing the work to agree what success looks like.',
        },
        {
          title: 'Assess the estate',
          text: 'Map systems, contracts, skills and costs, and score them against those goals.',
        },
        {
          title: 'Shape the options',
          text: 'Present two or three costed paths with their trade-offs, rather than a single answer.',
        },
        {
          title: 'Plan the first steps',
          text: 'Turn the chosen path into a roadmap with the first quarter’s work ready to start.',
        },
      ],
    },
    blocks: ['focus'],
    cta: {
      title: 'Need an outside view of your technology plans?',
      text: 'A short conversation with one of our senior consultants is a good place to start.',
    },
  },

  servicesDigitalApp: {
    description:
      'Digital application services: custom development, integration, modernization of legacy applications, and application maintenance and support.',
    lead: 'New applications, modernised old ones and the long-term care both need, delivered by teams that write code as if they will maintain it, because they often do.',
    overview: {
      title: 'Applications built for their second year, not just their first',
      paragraphs: [
        'Launching an application is the easy part. The cost is in the years that follow: changing requirements, ageing frameworks, integrations that break when a partner upgrades.',
        'We build and modernise applications with that future in mind, using tested, documented code and automated pipelines, and we offer to stay on for maintenance and support so the knowledge never walks out of the door.',
      ],
      highlightsTitle: 'How we build',
      highlights: [
        'Automated tests and pipelines from the first sprint',
        'Architecture and decisions written down as we go',
        'Accessibility and security checks in every release',
        'The same team available for maintenance and support',
      ],
    },
    offerings: {
      title: 'Application services',
      intro:
        'From a first prototype to a decades-old system that still runs the business, we can take it on.',
      items: [
        {
          icon: 'code',
          title: 'Custom development',
          text: 'Web and mobile applications and APIs built in small, demonstrable increments.',
        },
        {
          icon: 'puzzle',
          title: 'Integration',
          text: 'APIs, event streams and file exchanges that connect core systems, partners and portals reliably.',
        },
        {
          icon: 'gear',
          title: 'Legacy modernization',
          text: 'Ageing applications re-platformed or rebuilt in stages while the old system keeps running.',
        },
        {
          icon: 'headset',
          title: 'Maintenance and support',
          text: 'Fixes, minor enhancements and upgrades under clear service levels, with knowledge kept in the team.',
        },
      ],
    },
    approach: {
      title: 'How we deliver an application',
      steps: [
        {
          title: 'Frame',
          text: 'Agree the problem, the users and the measures of success before choosing technology.',
        },
        {
          title: 'Prototype',
          text: 'Put a clickable or working slice in front of real users within the first weeks.',
        },
        {
          title: 'Build in increments',
          text: 'Ship tested features every sprint, each one demonstrated to the people who asked for it.',
        },
        {
          title: 'Support and evolve',
          text: 'Hand over with runbooks, or keep the team on for maintenance and the next round of change.',
        },
      ],
    },
    blocks: ['solutions'],
    cta: {
      title: 'Have an application to build or rescue?',
      text: 'Describe it to us and we will tell you honestly how we would approach it.',
    },
  },

  servicesInfra: {
    description:
      'Infrastructure, cloud and business intelligence services: networks and data centres, cloud platforms, data warehouses and reporting.',
    lead: 'The platforms your applications run on and the data they produce, designed, operated and turned into reports that people actually open.',
    overview: {
      title: 'Solid foundations and useful insight',
      paragraphs: [
        'Infrastructure is judged by what does not happen: no outages, no surprise bills, no security incidents. Business intelligence is judged by whether decisions change. We work on both, because the second depends on the first.',
        'Our engineers design and run networks, servers and cloud platforms with automation and monitoring built in, and our data team turns what those platforms hold into trusted models and dashboards.',
      ],
      highlightsTitle: 'Principles we hold to',
      highlights: [
        'Infrastructure defined as code and reviewed like code',
        'Monitoring and alerting set up before go-live',
        'One governed definition for each business measure',
        'Costs tagged and reported by team and application',
      ],
    },
    offerings: {
      title: 'Infrastructure, cloud and BI services',
      intro: 'We can take a single layer or look after the whole stack from network to dashboard.',
      items: [
        {
          icon: 'server',
          title: 'Infrastructure and networks',
          text: 'Data centre, network and server design, refresh and operation, with security hardening as standard.',
        },
        {
          icon: 'cloud',
          title: 'Cloud platforms',
          text: 'Landing zones, identity and cost controls that let teams use the public cloud safely.',
        },
        {
          icon: 'database',
          title: 'Data warehousing',
          text: 'Pipelines and models that bring operational data together in a form analysts can trust.',
        },
        {
          icon: 'chart',
          title: 'Reporting and dashboards',
          text: 'Dashboards designed with their audience, from daily operations to the board pack.',
        },
      ],
    },
    approach: {
      title: 'How we work on your platform',
      steps: [
        {
          title: 'Baseline',
          text: 'Measure capacity, availability, cost and data quality as they are today.',
        },
        {
          title: 'Design',
          text: 'Agree a target platform and data model, with the migration path written down.',
        },
        {
          title: 'Build and move',
          text: 'Automate the build, move workloads and data in stages, and verify each step.',
        },
        {
          title: 'Operate and report',
          text: 'Run the platform, tune its costs and keep the dashboards trusted as the business changes.',
        },
      ],
    },
    blocks: ['focus'],
    cta: {
      title: 'Is your platform holding the business back?',
      text: 'We will review your infrastructure and data setup and share what we would change first.',
    },
  },

  servicesCloudServices: {
    description:
      'Cloud services: migration, modernisation and managed operations with 24/7/365 L2 and L3 cloud support.',
    lead: 'Moving workloads to the cloud, making them fit to stay there, and looking after them around the clock with 24/7/365 L2 and L3 cloud support.',
    overview: {
      title: 'The cloud, run like it matters',
      paragraphs: [
        'Moving to the cloud is a means, not a goal. The goal is systems that are more resilient, easier to change and no more expensive than they need to be.',
        'We plan and carry out migrations workload by workload, modernise what benefits from it, and then operate the environment with engineers who can resolve problems rather than just log them.',
      ],
      highlightsTitle: 'Our operating commitment',
      highlights: [
        '24/7/365 L2 and L3 cloud support',
        'Follow-the-sun coverage from three countries',
        'Runbooks and monitoring for every workload we take on',
        'Monthly cost and reliability reviews',
      ],
    },
    offerings: {
      title: 'Cloud services',
      intro: 'From the first assessment to the overnight page, one partner for the whole journey.',
      items: [
        {
          icon: 'compass',
          title: 'Cloud readiness and planning',
          text: 'Application assessments, landing zone design and a migration plan ordered by value and risk.',
        },
        {
          icon: 'cloud',
          title: 'Migration',
          text: 'Workloads moved with rehearsed cut-overs, tested rollback and minimal downtime.',
        },
        {
          icon: 'gear',
          title: 'Modernisation',
          text: 'Managed databases, containers and automation where they reduce effort and cost.',
        },
        {
          icon: 'headset',
          title: 'Managed operations',
          text: '24/7/365 L2 and L3 cloud support with monitoring, patching, backups and incident response.',
        },
      ],
    },
    approach: {
      title: 'How we move and run a workload',
      steps: [
        {
          title: 'Assess',
          text: 'Decide for each application whether to move it as is, rework it or retire it.',
        },
        {
          title: 'Prepare',
          text: 'Build the landing zone, identity, networking and guardrails before the first move.',
        },
        {
          title: 'Migrate',
          text: 'Move in waves, rehearse each cut-over and confirm performance afterwards.',
        },
        {
          title: 'Operate',
          text: 'Monitor, patch, back up and respond around the clock, and review costs every month.',
        },
      ],
    },
    blocks: [],
    cta: {
      title: 'Looking for a cloud partner who answers at 3 a.m.?',
      text: 'Talk to us about migration plans or about taking over the running of your environment.',
    },
  },

  pmo: {
    description:
      'PMO and process consulting: programme governance, delivery management and process improvement that keep technology programmes on course.',
    lead: 'Programme offices and process improvements that give leadership a true picture of delivery and give teams the room to get on with it.',
    overview: {
      title: 'Governance that helps, not hinders',
      paragraphs: [
        'Large programmes rarely fail for technical reasons alone. They drift because risks surface late, dependencies go unmanaged and status reports describe hopes rather than facts.',
        'Our PMO consultants set up just enough governance for the size of the programme, run it with the delivery teams, and look at the underlying business processes so that the new system lands in an organisation ready to use it.',
      ],
      highlightsTitle: 'What leadership gets',
      highlights: [
        'Status built on evidence, not optimism',
        'Risks and dependencies owned by named people',
        'Decisions recorded and easy to find',
        'Processes redesigned before they are automated',
      ],
    },
    offerings: {
      title: 'PMO and process services',
      intro: 'We can stand up a full programme office or strengthen the one you have.',
      items: [
        {
          icon: 'calendar',
          title: 'Programme management office',
          text: 'Planning, reporting, risk and change control sized to the programme and run every week.',
        },
        {
          icon: 'chart',
          title: 'Delivery assurance',
          text: 'Independent health checks of programmes in flight, with practical recommendations.',
        },
        {
          icon: 'gear',
          title: 'Process consulting',
          text: 'Current and future process maps, with the handoffs and waits that cost the most removed.',
        },
        {
          icon: 'people',
          title: 'Change and adoption',
          text: 'Stakeholder plans, training and communications that prepare people for the new way of working.',
        },
      ],
    },
    approach: {
      title: 'How we set up a programme office',
      steps: [
        {
          title: 'Listen',
          text: 'Meet sponsors and team leads to learn what information each of them needs and when.',
        },
        {
          title: 'Set the rhythm',
          text: 'Agree a simple cadence of plans, reviews and decisions, and the tools that support it.',
        },
        {
          title: 'Run it',
          text: 'Operate the office alongside the teams, chasing risks and dependencies before they bite.',
        },
        {
          title: 'Hand it over',
          text: 'Coach your own people to run the office, and step back when they are ready.',
        },
      ],
    },
    blocks: ['focus'],
    cta: {
      title: 'Is a programme drifting, or about to start?',
      text: 'Either way, an early conversation about governance will save time later.',
    },
  },

  qualityAssurance: {
    description:
      'Quality assurance and testing: test strategy, functional and regression testing, automation and performance testing for insurance and enterprise systems.',
    lead: 'Testing that finds the problems before your customers do, with automation that keeps paying back release after release.',
    overview: {
      title: 'Confidence you can release on',
      paragraphs: [
        'Every release is a bet that nothing important broke. Good quality assurance turns that bet into a measured decision: what was tested, what was found and what risk remains.',
        'Our QA teams join projects early, write tests from the requirements, and automate the regression suites that would otherwise be repeated by hand. We know core insurance and legal platforms, so our testers understand what a correct result looks like.',
      ],
      highlightsTitle: 'What our QA brings',
      highlights: [
        'Testers involved from the first requirement',
        'Regression suites that run on every build',
        'Defects reported with evidence and steps to reproduce',
        'A clear release recommendation, every time',
      ],
    },
    offerings: {
      title: 'Testing services',
      intro: 'Use us for a single release or as your standing quality team.',
      items: [
        {
          icon: 'compass',
          title: 'Test strategy',
          text: 'Risk-based plans that put the most effort where failure would cost the most.',
        },
        {
          icon: 'checkCircle',
          title: 'Functional and regression testing',
          text: 'Scenario-based testing of new features and the business flows around them.',
        },
        {
          icon: 'gear',
          title: 'Test automation',
          text: 'Maintainable automated suites at the API and interface level, wired into your pipeline.',
        },
        {
          icon: 'chart',
          title: 'Performance testing',
          text: 'Load and stress tests that show how the system behaves on its busiest day.',
        },
      ],
    },
    approach: {
      title: 'How QA fits into delivery',
      steps: [
        {
          title: 'Plan',
          text: 'Agree the scope, risks, environments and test data with the project team.',
        },
        {
          title: 'Design',
          text: 'Write test cases from requirements and review them with business users.',
        },
        {
          title: 'Execute and automate',
          text: 'Run the tests each sprint and automate the ones that will be repeated.',
        },
        {
          title: 'Report',
          text: 'Share results and a release recommendation that leadership can act on.',
        },
      ],
    },
    blocks: ['solutions'],
    cta: {
      title: 'Want fewer surprises after go-live?',
      text: 'Tell us about your next release and we will suggest a testing approach that fits it.',
    },
  },
} as const satisfies Record<ServiceRouteId, ServiceEntry>;

/** The solutions list repeated on several pages, in the order the old site gave it (CONTENT.md). */
export const solutions = {
  title: 'Solutions across the lifecycle',
  intro:
    'Wherever your system is in its life, we cover the work that keeps it useful, from the first release to its eventual replacement.',
  items: [
    {
      title: 'Production implementation',
      text: 'Taking new systems live with the cut-over, data and support planned in detail.',
    },
    {
      title: 'Configuration',
      text: 'Shaping packaged products to your business while staying close to the base.',
    },
    {
      title: 'Integration',
      text: 'Connecting core systems, partners and data stores through reliable interfaces.',
    },
    {
      title: 'Quality assurance',
      text: 'Risk-based testing that tells you when a release is ready.',
    },
    {
      title: 'Automation',
      text: 'Automated tests, deployments and routine tasks that free people for real work.',
    },
    {
      title: 'Application maintenance and support',
      text: 'Fixes, upgrades and small enhancements under clear service levels.',
    },
    {
      title: 'Legacy modernization',
      text: 'Moving ageing systems to current platforms in safe, staged steps.',
    },
    {
      title: 'Application rationalization',
      text: 'Finding the overlapping applications you can consolidate or retire.',
    },
  ],
} as const satisfies Solutions;

/** The 'What we Focus' block: People, Process, Technology, Data. */
export const focusAreas = {
  title: 'What we Focus',
  intro:
    'Lasting change needs all four in balance. Every engagement looks at each of them, whatever brought us in.',
  items: [
    {
      key: 'people',
      title: 'People',
      text: 'The skills, roles and habits that decide whether a change sticks.',
    },
    {
      key: 'process',
      title: 'Process',
      text: 'Simple, documented ways of working with the waits and handoffs taken out.',
    },
    {
      key: 'technology',
      title: 'Technology',
      text: 'Platforms chosen and configured to serve the process, not to replace it.',
    },
    {
      key: 'data',
      title: 'Data',
      text: 'Trusted, well-owned information that people can act on with confidence.',
    },
  ],
} as const satisfies FocusAreas;

/** The words the template puts around every entry: eyebrows, button labels, the strip's name. */
export const serviceTemplateText = {
  eyebrowSuffix: 'services',
  heroAction: 'Talk to our team',
  overviewEyebrow: 'Overview',
  offeringsEyebrow: 'What we offer',
  approachEyebrow: 'Our approach',
  ctaAction: 'Get in touch',
} as const satisfies ServiceTemplateText;
