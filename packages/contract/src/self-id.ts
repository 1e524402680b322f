import { z } from './zod-setup';

/**
 * Voluntary self-identification (`SELF_ID=us`; docs/careers.md, docs/recruiters.md): the form a
 * candidate may fill in after applying, kept apart from the application. Everything the form
 * says is data here, so an updated government form is a change to this file only; the page
 * renders it and the server checks answers against it.
 */

/** POST (public, the page's headers and the XSRF echo): the answers with the one-time token. */
export const SELF_ID_API_PATH = '/self-identification';
/** GET (console, compliance role only): counts per opening per answer. */
export const SELF_ID_REPORT_PATH = '/recruiters/self-identification';
/** The console's page for the report. */
export const SELF_ID_REPORT_PAGE = '/recruiters/self-identification';

/** How long the token the apply answer carries may be used (once). */
export const SELF_ID_TOKEN_HOURS = 24;
/** Counts below this are never shown (nor derivable): the report says FEWER_THAN_LABEL. */
export const SELF_ID_MIN_COUNT = 5;
export const FEWER_THAN_LABEL = `fewer than ${SELF_ID_MIN_COUNT}`;

/** Every question's way out, with the same value everywhere. */
export const DECLINE = { value: 'decline', label: 'I do not wish to answer' } as const;

export interface SelfIdOption {
  value: string;
  label: string;
}

export interface SelfIdQuestion {
  key: 'gender' | 'raceEthnicity' | 'veteran' | 'disability';
  legend: string;
  /** Paragraphs before the choices. */
  intro: readonly string[];
  /** Terms explained before the choices (the protected veteran categories, CC-305's list). */
  definitions?: { heading: string; items: readonly { term?: string; text: string }[] };
  /** `true`: "select all that apply" (checkboxes); the decline choice excludes the others. */
  multiple: boolean;
  options: readonly SelfIdOption[];
}

/** The page's words around the questions (it says what the form is, and what it is not). */
export const selfIdCopy = {
  heading: 'Voluntary self-identification',
  optional:
    'This form is optional. Your application has been sent and is complete without it, and ' +
    'skipping it, or any question in it, has no effect on your application.',
  apart:
    'Your answers are stored apart from your application. No one who reviews your application ' +
    'or decides on it ever sees them: they are only counted, per opening, for equal ' +
    'opportunity reporting, and counts below five are never shown to anyone.',
  erased: 'They are erased together with your application.',
  submit: 'Send my answers',
  skip: 'No thanks',
  thanks: 'Thank you. Your answers were recorded separately from your application.',
  expired:
    'This form can no longer be sent: it was sent already, or more than 24 hours have passed ' +
    'since you applied. Your application is not affected.',
} as const;

/**
 * Form CC-305 (Voluntary Self-Identification of Disability), as data: its number, OMB control
 * number and expiry are displayed with the form, and its text is rendered without alteration.
 * When the agency publishes a new edition, replace the text, the options and the expiry here.
 */
export const CC305 = {
  title: 'Voluntary Self-Identification of Disability',
  formNumber: 'Form CC-305',
  pageLabel: 'Page 1 of 1',
  ombControlNumber: '1250-0005',
  /** ISO date, shown as "Expires MM/DD/YYYY". */
  expires: '2026-04-30',
  whyHeading: 'Why are you being asked to complete this form?',
  why: [
    'We are a federal contractor or subcontractor. The law requires us to provide equal ' +
      'employment opportunity to qualified people with disabilities. We have a goal of having at ' +
      'least 7% of our workers as people with disabilities. The law says we must measure our ' +
      'progress towards this goal. To do this, we must ask applicants and employees if they have ' +
      'a disability or have ever had one. People can become disabled, so we need to ask this ' +
      'question at least every five years.',
    'Completing this form is voluntary, and we hope that you will choose to do so. Your answer ' +
      'is confidential. No one who makes hiring decisions will see it. Your decision to complete ' +
      'the form and your answer will not harm you in any way. If you want to learn more about the ' +
      "law or this form, visit the U.S. Department of Labor's Office of Federal Contract " +
      'Compliance Programs (OFCCP) website at www.dol.gov/ofccp.',
  ],
  knowHeading: 'How do you know if you have a disability?',
  know:
    'A disability is a condition that substantially limits one or more of your “major life ' +
    'activities.” If you have or have ever had such a condition, you are a person with a ' +
    'disability. Disabilities include, but are not limited to:',
  examples: [
    'Alcohol or other substance use disorder (not currently using drugs illegally)',
    'Autoimmune disorder, for example, lupus, fibromyalgia, rheumatoid arthritis, HIV/AIDS',
    'Blind or low vision',
    'Cancer (past or present)',
    'Cardiovascular or heart disease',
    'Celiac disease',
    'Cerebral palsy',
    'Deaf or serious difficulty hearing',
    'Diabetes',
    'Disfigurement, for example, disfigurement caused by burns, wounds, accidents, or congenital disorders',
    'Epilepsy or other seizure disorder',
    "Gastrointestinal disorders, for example, Crohn's Disease, irritable bowel syndrome",
    'Intellectual or developmental disability',
    'Mental health conditions, for example, depression, bipolar disorder, anxiety disorder, schizophrenia, PTSD',
    'Missing limbs or partially missing limbs',
    'Mobility impairment, benefiting from the use of a wheelchair, scooter, walker, leg brace(s) and/or other supports',
    "Nervous system condition, for example, migraine headaches, Parkinson's disease, multiple sclerosis (MS)",
    'Neurodivergence, for example, attention-deficit/hyperactivity disorder (ADHD), autism spectrum disorder, dyslexia, dyspraxia, other learning disabilities',
    'Partial or complete paralysis (any cause)',
    'Pulmonary or respiratory conditions, for example, tuberculosis, asthma, emphysema',
    'Short stature (dwarfism)',
    'Traumatic brain injury',
  ],
  choose: 'Please check one of the boxes below:',
  options: [
    {
      value: 'yes',
      label: 'Yes, I have a disability, or have a history/record of having a disability',
    },
    {
      value: 'no',
      label: 'No, I do not have a disability, or a history/record of having a disability',
    },
    DECLINE,
  ],
  burdenStatement:
    'PUBLIC BURDEN STATEMENT: According to the Paperwork Reduction Act of 1995 no persons are ' +
    'required to respond to a collection of information unless such collection displays a ' +
    'valid OMB control number. This survey should take about 5 minutes to complete.',
} as const;

/** "Expires 04/30/2026" from the ISO date, as the form prints it. */
export function cc305Expiry(iso: string = CC305.expires): string {
  const [year, month, day] = iso.split('-');
  return `Expires ${month}/${day}/${year}`;
}

/**
 * The questions, in the order asked. Race and ethnicity are one "select all that apply" question
 * with the current US federal minimum categories (Middle Eastern or North African included).
 */
export const selfIdQuestions: readonly SelfIdQuestion[] = [
  {
    key: 'gender',
    legend: 'Gender',
    intro: [],
    multiple: false,
    options: [
      { value: 'female', label: 'Female' },
      { value: 'male', label: 'Male' },
      { value: 'nonbinary', label: 'Non-binary' },
      DECLINE,
    ],
  },
  {
    key: 'raceEthnicity',
    legend: 'Race and ethnicity (select all that apply)',
    intro: [],
    multiple: true,
    options: [
      { value: 'american-indian-alaska-native', label: 'American Indian or Alaska Native' },
      { value: 'asian', label: 'Asian' },
      { value: 'black-african-american', label: 'Black or African American' },
      { value: 'hispanic-latino', label: 'Hispanic or Latino' },
      { value: 'middle-eastern-north-african', label: 'Middle Eastern or North African' },
      {
        value: 'native-hawaiian-pacific-islander',
        label: 'Native Hawaiian or Pacific Islander',
      },
      { value: 'white', label: 'White' },
      DECLINE,
    ],
  },
  {
    key: 'veteran',
    legend: 'Protected veteran status',
    intro: [
      'We are a federal contractor or subcontractor required by the Vietnam Era Veterans’ ' +
        'Readjustment Assistance Act of 1974 (VEVRAA) to take affirmative action to employ and ' +
        'advance in employment protected veterans, and we invite you to tell us whether you are ' +
        'one. Answering is voluntary: refusing to answer will not subject you to any adverse ' +
        'treatment.',
      'The information is kept confidential, apart from your application, and is used only in ' +
        'ways consistent with VEVRAA. It will not be used against you in any way.',
    ],
    definitions: {
      heading: 'You are a protected veteran if you are one or more of the following:',
      items: [
        {
          term: 'Disabled veteran',
          text:
            'a veteran of the U.S. military, ground, naval or air service who is entitled to ' +
            'compensation (or who but for the receipt of military retired pay would be entitled ' +
            'to compensation) under laws administered by the Secretary of Veterans Affairs; or a ' +
            'person who was discharged or released from active duty because of a ' +
            'service-connected disability.',
        },
        {
          term: 'Recently separated veteran',
          text:
            'any veteran during the three-year period beginning on the date of the veteran’s ' +
            'discharge or release from active duty in the U.S. military, ground, naval, or air ' +
            'service.',
        },
        {
          term: 'Active duty wartime or campaign badge veteran',
          text:
            'a veteran who served on active duty in the U.S. military, ground, naval or air ' +
            'service during a war, or in a campaign or expedition for which a campaign badge has ' +
            'been authorized under the laws administered by the Department of Defense.',
        },
        {
          term: 'Armed Forces service medal veteran',
          text:
            'a veteran who, while serving on active duty in the U.S. military, ground, naval or ' +
            'air service, participated in a United States military operation for which an Armed ' +
            'Forces service medal was awarded pursuant to Executive Order 12985.',
        },
      ],
    },
    multiple: false,
    options: [
      {
        value: 'protected',
        label: 'I identify as one or more of the classifications of protected veteran',
      },
      { value: 'not-protected', label: 'I am not a protected veteran' },
      DECLINE,
    ],
  },
  {
    key: 'disability',
    legend: CC305.title,
    intro: [],
    multiple: false,
    options: CC305.options,
  },
];

const valuesOf = (key: SelfIdQuestion['key']) => {
  const question = selfIdQuestions.find((q) => q.key === key)!;
  return question.options.map((option) => option.value) as [string, ...string[]];
};
const single = (key: SelfIdQuestion['key']) => z.enum(valuesOf(key)).default(DECLINE.value);

/**
 * The answers as sent and as stored. A question left unanswered is stored as declined; "I do
 * not wish to answer" cannot be combined with a category.
 */
export const selfIdAnswersSchema = z.object({
  gender: single('gender'),
  raceEthnicity: z
    .array(z.enum(valuesOf('raceEthnicity')))
    .max(valuesOf('raceEthnicity').length)
    .default([])
    .refine((list) => new Set(list).size === list.length, 'lists a category twice')
    .refine(
      (list) => !list.includes(DECLINE.value) || list.length === 1,
      `"${DECLINE.label}" cannot be combined with a category`,
    )
    .transform((list) => (list.length === 0 ? [DECLINE.value] : list)),
  veteran: single('veteran'),
  disability: single('disability'),
});
export type SelfIdAnswers = z.output<typeof selfIdAnswersSchema>;
export type SelfIdAnswersInput = z.input<typeof selfIdAnswersSchema>;

/** POST /api/self-identification. */
export const selfIdSubmitSchema = z
  .object({
    /** The one-time token of the apply answer (`SelfIdToken`). */
    token: z.string().min(1).max(200),
    answers: selfIdAnswersSchema,
  })
  .strict();
export type SelfIdSubmit = z.input<typeof selfIdSubmitSchema>;

export const selfIdReceivedSchema = z.object({ message: z.string() });

/** One answer's count: `null` when fewer than SELF_ID_MIN_COUNT (or hidden so none can be derived). */
export const selfIdCountSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int().nullable(),
});

export const selfIdReportSchema = z.object({
  minimumCount: z.number().int(),
  openings: z.array(
    z.object({
      jobId: z.number().int(),
      jobCode: z.string(),
      jobTitle: z.string(),
      questions: z.array(
        z.object({
          key: z.string(),
          legend: z.string(),
          answers: z.array(selfIdCountSchema),
        }),
      ),
    }),
  ),
});
export type SelfIdReport = z.infer<typeof selfIdReportSchema>;
