/**
 * Demo openings for an empty embedded database (SEED_DEMO_DATA). Effective dates are relative
 * to the moment of seeding and spread so the listing shows every age text (packages/contract/src/age-text.ts):
 * minutes, exactly one hour, several hours, one day and several days.
 */
import type { JobTermsFields } from './jobs-repository';

export interface DemoOpening {
  /** Employment, place and a realistic pay range for the place (docs/careers.md). */
  terms: JobTermsFields;
  code: string;
  title: string;
  location: string;
  minutesAgo: number;
  recruitmentManagers: string;
  contactPersons: string;
  contactEmails: string;
  descriptionHtml: string;
}

const MINUTE = 1;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const demoOpenings: readonly DemoOpening[] = [
  {
    code: 'LTP-GW-1042',
    terms: {
      employmentType: 'FULL_TIME',
      workplaceType: 'HYBRID',
      payMin: 115_000,
      payMax: 145_000,
      payCurrency: 'USD',
      payPeriod: 'YEAR',
    },
    title: 'Guidewire PolicyCenter Configuration Developer',
    location: 'Chicago, Illinois, USA (hybrid)',
    minutesAgo: 12 * MINUTE,
    recruitmentManagers: 'Dana Whitfield, Rahul Menon',
    contactPersons: 'Dana Whitfield, Priya Raman',
    contactEmails: 'dana.whitfield@example.com, priya.raman@example.com',
    descriptionHtml: `
<h2>About the role</h2>
<p>Our insurance practice is extending a personal and commercial lines rollout for a
regional property and casualty carrier. You will shape product model changes in
<strong>PolicyCenter</strong>, from rating tables to underwriting rules, and see them through
to production with the carrier's own team.</p>
<h3>What you will do</h3>
<ul>
  <li>Configure product model, coverages, forms and underwriting issues in PolicyCenter 10 and Cloud.</li>
  <li>Write Gosu rules and PCF changes that survive the next upgrade.</li>
  <li>Pair with business analysts on story refinement and demo every sprint.</li>
</ul>
<h3>What you bring</h3>
<ul>
  <li>Three or more years of hands-on Guidewire configuration.</li>
  <li>Comfort with Git, Jenkins and automated GUnit tests.</li>
  <li><em>Nice to have:</em> a Guidewire ACE certification.</li>
</ul>
<p>Questions before you apply? Write to <a href="mailto:careers@example.com">careers@example.com</a>.</p>`,
  },
  {
    code: 'LTP-LT-2207',
    terms: {
      employmentType: 'FULL_TIME',
      workplaceType: 'ONSITE',
      payMin: 82_000,
      payMax: 98_000,
      payCurrency: 'USD',
      payPeriod: 'YEAR',
    },
    title: 'Legal Technology Applications Analyst',
    location: 'New York, New York, USA',
    minutesAgo: 65 * MINUTE,
    recruitmentManagers: 'Marcus Bell',
    contactPersons: 'Marcus Bell',
    contactEmails: 'marcus.bell@example.com',
    descriptionHtml: `
<h2>Why this team</h2>
<p>Law firms trust us with the systems their attorneys open first thing every morning:
document management, time entry, matter intake and e-billing. As an applications analyst you
keep those systems dependable and help each firm get more out of them.</p>
<h3>Your week might include</h3>
<ol>
  <li>Triaging tickets from attorneys and assistants, and fixing root causes rather than symptoms.</li>
  <li>Testing an iManage or NetDocuments upgrade against the firm's own templates.</li>
  <li>Writing short, friendly how-to guides for people who bill in six-minute increments.</li>
</ol>
<h3>You are likely a fit if</h3>
<ul>
  <li>You have supported legal or professional-services software for two years or more.</li>
  <li>You explain technical trade-offs in plain language.</li>
</ul>`,
  },
  {
    code: 'LTP-QA-3310',
    terms: {
      employmentType: 'FULL_TIME',
      workplaceType: 'ONSITE',
      payMin: 1_200_000,
      payMax: 1_800_000,
      payCurrency: 'INR',
      payPeriod: 'YEAR',
    },
    title: 'QA Automation Engineer (Insurance Platforms)',
    location: 'Hyderabad, Telangana, India',
    minutesAgo: 5 * HOUR + 20 * MINUTE,
    recruitmentManagers: 'Anjali Deshpande, Rahul Menon',
    contactPersons: 'Anjali Deshpande',
    contactEmails: 'anjali.deshpande@example.com',
    descriptionHtml: `
<h2>The work</h2>
<p>Quality is a feature our clients pay for. You will design and grow automated regression
suites for claims and billing platforms, so that every release ships with evidence, not hope.</p>
<h3>Responsibilities</h3>
<ul>
  <li>Build API and UI automation in Java or TypeScript with Selenium, Playwright or REST Assured.</li>
  <li>Plug suites into CI pipelines and report results the business can read.</li>
  <li>Review requirements early and turn acceptance criteria into test scenarios.</li>
</ul>
<h3>Requirements</h3>
<ul>
  <li>Four or more years in test automation; insurance domain knowledge is a strong plus.</li>
  <li>Experience with test data management and defect tracking in Jira.</li>
</ul>
<p><strong>Shift:</strong> day shift with a two-hour overlap with US Eastern time.</p>`,
  },
  {
    code: 'LTP-CL-4128',
    terms: {
      employmentType: 'FULL_TIME',
      workplaceType: 'ONSITE',
      payMin: 45_000,
      payMax: 65_000,
      payCurrency: 'PHP',
      payPeriod: 'MONTH',
    },
    title: 'Cloud Support Engineer, L2 (24/7/365)',
    location: 'Pasig City, Metro Manila, Philippines',
    minutesAgo: 1 * DAY + 3 * HOUR,
    recruitmentManagers: 'Maria Santos',
    contactPersons: 'Maria Santos, Joel Reyes',
    contactEmails: 'maria.santos@example.com, joel.reyes@example.com',
    descriptionHtml: `
<h2>Keep our clients' platforms running</h2>
<p>Our cloud operations centre provides L2 and L3 support around the clock, every day of the
year. You will be one of the engineers who answers first when a client's environment needs help.</p>
<h3>In this role you will</h3>
<ul>
  <li>Monitor Azure and AWS workloads, and respond to alerts within agreed service levels.</li>
  <li>Diagnose issues across networking, identity, storage and application tiers.</li>
  <li>Automate the fixes you make twice, using PowerShell, Bash or Terraform.</li>
</ul>
<h3>You have</h3>
<ul>
  <li>Two or more years in a cloud or infrastructure support role.</li>
  <li>An Azure Administrator or AWS SysOps certification, or the will to earn one with our help.</li>
</ul>
<p>This is a rotational shift role with a night differential.</p>`,
  },
  {
    code: 'LTP-DS-5016',
    terms: {
      employmentType: 'CONTRACTOR',
      workplaceType: 'HYBRID',
      payMin: 35_000,
      payMax: 50_000,
      payCurrency: 'PHP',
      payPeriod: 'MONTH',
    },
    title: 'Desktop Services Engineer (Application Packaging)',
    location: 'Makati City, Metro Manila, Philippines',
    minutesAgo: 3 * DAY + 2 * HOUR,
    recruitmentManagers: 'Joel Reyes',
    contactPersons: 'Joel Reyes',
    contactEmails: 'joel.reyes@example.com',
    descriptionHtml: `
<h2>About the position</h2>
<p>Large law firms run hundreds of desktop applications that must work together on every
laptop. Our desktop services team builds the images, packages the applications and moves
whole firms to new Windows releases without losing a working day.</p>
<h3>Key responsibilities</h3>
<ul>
  <li>Package and test applications with MSIX, App-V and Intune.</li>
  <li>Maintain gold images and the task sequences that deploy them.</li>
  <li>Support Windows 10 to Windows 11 migrations end to end.</li>
</ul>
<h3>Qualifications</h3>
<ul>
  <li>Two or more years of application packaging or image management.</li>
  <li>Working knowledge of SCCM/MECM and PowerShell scripting.</li>
</ul>`,
  },
  {
    code: 'LTP-GW-1187',
    terms: {
      employmentType: 'FULL_TIME',
      workplaceType: 'HYBRID',
      payMin: 3_000_000,
      payMax: 4_200_000,
      payCurrency: 'INR',
      payPeriod: 'YEAR',
    },
    title: 'Guidewire ClaimCenter Integration Lead',
    location: 'Bengaluru, Karnataka, India',
    minutesAgo: 6 * DAY + 5 * HOUR,
    recruitmentManagers: 'Rahul Menon',
    contactPersons: 'Priya Raman, Anjali Deshpande',
    contactEmails: 'priya.raman@example.com, anjali.deshpande@example.com',
    descriptionHtml: `
<h2>Lead the integrations that claims depend on</h2>
<p>A claim touches payment systems, document services, fraud scoring and the policy system
before it closes. You will lead a team of six that designs and delivers those integrations for
<strong>ClaimCenter</strong> implementations and upgrades.</p>
<h3>Responsibilities</h3>
<ul>
  <li>Own the integration design: messaging, web services, batch and plugins.</li>
  <li>Guide developers through code reviews and help them grow.</li>
  <li>Work with client architects on security, performance and cut-over plans.</li>
</ul>
<h3>Experience</h3>
<ul>
  <li>Eight or more years of Java, including five with Guidewire integration.</li>
  <li>Delivered at least one ClaimCenter go-live as a lead.</li>
</ul>`,
  },
  {
    code: 'LTP-CCM-6032',
    terms: {
      employmentType: 'FULL_TIME',
      workplaceType: 'REMOTE',
      payMin: 105_000,
      payMax: 130_000,
      payCurrency: 'USD',
      payPeriod: 'YEAR',
    },
    title: 'Print and CCM Developer (Document Composition)',
    location: 'Remote, USA',
    minutesAgo: 12 * DAY + 7 * HOUR,
    recruitmentManagers: 'Dana Whitfield',
    contactPersons: 'Dana Whitfield',
    contactEmails: 'dana.whitfield@example.com',
    descriptionHtml: `
<h2>Documents policyholders actually read</h2>
<p>Declarations pages, renewal notices and claim letters are where an insurer talks to its
customers. You will build and modernise those templates on customer communications
management platforms.</p>
<h3>What the job involves</h3>
<ul>
  <li>Develop templates in Smart Communications, Quadient Inspire or OpenText Exstream.</li>
  <li>Connect document generation with Guidewire through its document production plugins.</li>
  <li>Work with compliance teams to keep every form filing-ready.</li>
</ul>
<p>Learn more about how we work on our <a href="https://www.example.com/services/ccm">print
and CCM solutions</a> page.</p>`,
  },
];
