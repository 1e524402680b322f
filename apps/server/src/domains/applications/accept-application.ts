import {
  MAX_RESUME_BYTES,
  addCandidateMessages,
  answerErrors,
  normaliseApplicant,
  resumeKindFromName,
  storedAnswersOf,
  validateApplication,
  type ApplicantFields,
  type ApplicationInput,
  type Arrival,
  type FieldError,
  countryName,
  placeChoices,
  type PlaceChoiceOption,
  type ResumeFacts,
  type ResumeKind,
} from '@lumenfield/contract';
import { isMobileNumber, storedMobileNumber } from '@lumenfield/contract/phone';
import { hasControlCharacters, stripControlCharacters } from '../../lib/control-characters';
import type { ApplicationFields } from './applicant-row';
import type { ApplicationStore } from './application-store';
import { cleanFileName, resumeKind, resumeMimeType } from './resume-file';
import type { Job } from '../openings/jobs-repository';
import { placesOf } from '../openings/place';
import type { ReferenceRepository } from '../openings/reference-repository';

/**
 * An application as a route received it, in the house's names: the fields, and the resume as
 * its bytes (already off the wire: decoded from base64 or read from a multipart part) with
 * whether a worker found it to be a zip that inflates past the bound.
 */
export interface ApplicationAttempt {
  input: ApplicationInput;
  resume: {
    fileName: string;
    bytes: Buffer | undefined;
    zipBomb: boolean;
    /** The file was longer than the bytes kept (a stream cut at the limit): too large. */
    overLimit?: boolean;
  };
  /** How the visitor arrived (plugins/arrival.ts): the source is credited from it. */
  arrival?: Arrival;
  /**
   * A candidate a recruiter adds by hand (the console): the same rules, the place choice and the
   * duplicate check, but not the opening's questions (the candidate was not asked them: no
   * answer is stored, so no knock-out flag is made up); the chosen source is credited (null: none
   * chosen, refused), and mail goes only when asked: the confirmation to the candidate alone.
   * `errors`: the refusals of the console form's own fields, reported after the rules'.
   */
  addedBy?: {
    userId: number;
    source: { id: number; name: string } | null;
    sendConfirmation: boolean;
    errors?: FieldError[];
  };
}

export interface AcceptContext {
  reference: Pick<ReferenceRepository, 'countryExists' | 'stateBelongsTo' | 'experienceBands'>;
  applications: ApplicationStore;
  /** The origin of the links in the mails (never the request's). */
  mailOrigin: string;
  retentionDays: number;
  /** MAIL_CAP_PER_ADDRESS: past it the application is stored without its confirmation mail. */
  mailCapPerAddress: number;
}

export type Acceptance =
  | { accepted: false; errors: FieldError[] }
  | { accepted: true; applicantId: number; duplicate: boolean; resumeBytes: number };

export interface ResumeCheck {
  facts: ResumeFacts;
  bytes: Buffer | undefined;
  kind: ResumeKind | null;
  name: string;
}

/** A received resume judged as an application's is: its facts for the rules, its kind. */
export async function checkResume({
  fileName,
  bytes,
  zipBomb,
  overLimit = false,
}: ApplicationAttempt['resume']): Promise<ResumeCheck> {
  const name = cleanFileName(fileName);
  if (name === '') {
    return {
      facts: { chosen: false, kind: null, size: 0, hasContent: false },
      bytes: undefined,
      kind: null,
      name,
    };
  }
  if (!bytes || bytes.length === 0) {
    // Nothing to judge by content: the type rule reads the name (as the page does) and the
    // last rule, 'Please select a resume', reports the missing content.
    const claimed = resumeKindFromName(name);
    return {
      facts: { chosen: true, kind: claimed, size: 0, hasContent: false },
      bytes,
      kind: claimed,
      name,
    };
  }
  // A zip that really inflates past the bound is no document, whatever its directory says.
  const kind = zipBomb ? null : await resumeKind(bytes, name);
  const size = overLimit ? Math.max(bytes.length, MAX_RESUME_BYTES + 1) : bytes.length;
  return { facts: { chosen: true, kind, size, hasContent: true }, bytes, kind, name };
}

/**
 * The one owner of what makes an application acceptable (docs/careers.md): the spec's rules in
 * their order (a control character fails its field's rule; a country or state the reference
 * data does not know is no choice), then the opening's questions, then which of its places;
 * and, when nothing fails, the application stored with its resume and its mails in one
 * transaction. Both ways in call it: the old client's JSON (SaveApplicantDetail) and the
 * site's own multipart form. Errors are in the house's names (`firstName`, `answers.<key>`,
 * `locationIndex`, `resume`); a route renames them for its own wire.
 */
export async function acceptApplication(
  context: AcceptContext,
  job: Job,
  { input, resume: received, arrival, addedBy }: ApplicationAttempt,
): Promise<Acceptance> {
  const { reference, applications } = context;
  // A control character (NUL…) makes a field invalid: it fails its own rule, in order.
  const text = (value: string) => (hasControlCharacters(value) ? '' : value);
  // The first name input strips leading spaces; every text field is trimmed (docs/api.md).
  const fields = normaliseApplicant({
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    city: text(input.city),
    email: text(input.email),
    mobileNumber: text(input.mobileNumber),
    countryId: input.countryId,
    stateId: input.stateId,
  });
  // A country or state the reference data does not know is no selection at all.
  const countryKnown =
    fields.countryId != null && (await reference.countryExists(fields.countryId));
  const stateKnown =
    countryKnown &&
    fields.stateId != null &&
    (await reference.stateBelongsTo(fields.stateId, fields.countryId as number));
  const resume = await checkResume(received);
  const errors = validateApplication(
    {
      ...fields,
      countryId: countryKnown ? fields.countryId : null,
      stateId: stateKnown ? fields.stateId : null,
    },
    resume.facts,
    isMobileNumber,
  );
  // Then the opening's own questions, and which of its places (docs/careers.md).
  const choices = placeChoices({ ...job, locations: placesOf(job) });
  const place = placeChosen(choices, input);
  const answers = addedBy ? {} : input.answers;
  errors.push(...(addedBy ? [] : answerErrors(job.questions, answers)), ...place.errors);
  if (addedBy?.source === null) {
    errors.push({ field: 'sourceId', message: addCandidateMessages.chooseSource });
  }
  errors.push(...(addedBy?.errors ?? []));
  if (errors.length > 0 || !resume.bytes || resume.bytes.length === 0 || !resume.kind) {
    return { accepted: false, errors };
  }
  const mail = {
    job: {
      id: job.id,
      code: job.code,
      title: job.title,
      location: job.location,
      contactEmails: job.contactEmails
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    },
    origin: context.mailOrigin,
    retentionDays: context.retentionDays,
    capPerAddress: context.mailCapPerAddress,
  };

  // (The store may move the resume to its writer thread: its length is taken first.)
  const resumeBytes = resume.bytes.length;
  const stored = await applications.create({
    jobId: job.id,
    fields: {
      ...optionalText(input),
      ...fields,
      // E.164 where the numbering plans read it (ADR-26); the seed's ten digits otherwise.
      mobileNumber: storedMobileNumber(fields.mobileNumber, fields.countryId),
      answers: storedAnswersOf(job.questions, answers),
      place:
        place.chosen?.kind === 'place' ? (placesOf(job)[place.chosen.locationIndex] ?? null) : null,
      remoteCountry: place.chosen?.kind === 'remote' ? place.chosen.remoteCountry : null,
      experience: await experienceText(reference, input.experience),
      countryId: fields.countryId as number,
      stateId: fields.stateId as number,
    },
    resume: {
      originalName: resume.name,
      kind: resume.kind,
      mimeType: resumeMimeType(resume.kind),
      content: resume.bytes,
    },
    // The applicant's confirmation and the contact persons' notice, written and queued with
    // the applicant, in its transaction, and sent in the background.
    ...(addedBy
      ? {
          addedBy: { userId: addedBy.userId, source: addedBy.source! },
          ...(addedBy.sendConfirmation && { mail: { ...mail, confirmationOnly: true } }),
        }
      : { arrival, mail }),
  });
  return {
    accepted: true,
    applicantId: stored.applicantId,
    duplicate: stored.duplicate,
    resumeBytes,
  };
}

/** The stored fields no rule of their own sets: referredBy, and any optional field beside it. */
type OptionalFields = Omit<
  ApplicationFields,
  keyof ApplicantFields | 'experience' | 'answers' | 'place' | 'remoteCountry'
>;

/**
 * The application's optional fields (referredBy, and any added beside it): a text with its
 * control characters dropped, trimmed, null when nothing is left; any other value as given or
 * null. The fields with rules of their own are set over these by the caller.
 */
function optionalText({
  answers: _answers,
  locationIndex: _locationIndex,
  remoteCountry: _remoteCountry,
  ...input
}: ApplicationInput): OptionalFields {
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === 'string' ? stripControlCharacters(value).trim() || null : (value ?? null),
    ]),
  );
  return fields as OptionalFields;
}

/** The sentence of an opening with two or more places when none of them was chosen. */
export const PLACE_CHOICE_MESSAGE = 'Please choose the place you would work from.';

/** The sentence of a remote country the opening may not be held from. */
export const remoteCountryMessage = (code: string) =>
  `This opening cannot be held remotely from ${countryName(code)}. Please choose one of the places offered.`;

/** The sentence of both a place and a remote country chosen. */
export const ONE_PLACE_MESSAGE = 'Please choose one place you would work from, not two.';

/**
 * Which of the opening's choices of place was made (places.ts, placeChoices): asked when it has
 * two or more, a place by its index or a remote country by its code. A remote country that is
 * not one of the opening's is refused even where nothing is asked; with one choice or none,
 * nothing is chosen (the opening's one place is its location).
 */
function placeChosen(
  choices: readonly PlaceChoiceOption[],
  { locationIndex, remoteCountry }: ApplicationInput,
): { chosen?: PlaceChoiceOption; errors: FieldError[] } {
  if (remoteCountry != null) {
    const remote = choices.find(
      (choice) => choice.kind === 'remote' && choice.remoteCountry === remoteCountry,
    );
    if (!remote) {
      return { errors: [{ field: 'remoteCountry', message: remoteCountryMessage(remoteCountry) }] };
    }
    if (choices.length < 2) return { errors: [] };
    return locationIndex != null
      ? { errors: [{ field: 'remoteCountry', message: ONE_PLACE_MESSAGE }] }
      : { chosen: remote, errors: [] };
  }
  if (choices.length < 2) return { errors: [] };
  const place = choices.find(
    (choice) => choice.kind === 'place' && choice.locationIndex === locationIndex,
  );
  return place
    ? { chosen: place, errors: [] }
    : { errors: [{ field: 'locationIndex', message: PLACE_CHOICE_MESSAGE }] };
}

/** Experience is optional and not validated (docs/api.md): a known band's label, else the text. */
async function experienceText(
  reference: AcceptContext['reference'],
  value: ApplicationInput['experience'],
): Promise<string | null> {
  if (value === null || value === undefined || value === '') return null;
  const bands = await reference.experienceBands();
  const given = stripControlCharacters(String(value)).trim();
  const band = bands.find((b) => String(b.value) === given);
  return band?.label ?? (given.slice(0, 100) || null);
}
