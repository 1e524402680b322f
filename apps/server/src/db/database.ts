import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';

/**
 * Instants are written as ISO 8601 strings on both engines; SQLite hands them back as text,
 * PostgreSQL (timestamptz) as a Date. Repositories normalise with `toIso`.
 */
export type Instant = ColumnType<Date | string, string, string>;

/** Booleans are 0/1 integers on both engines (SQLite has no boolean to bind). */
export type Flag = number;

export interface JobsTable {
  id: Generated<number>;
  code: string;
  title: string;
  location: string;
  description_html: string;
  effective_from: Instant;
  /** Comma-separated names, as the spec's Recruitment_Manager. */
  recruitment_managers: string;
  /** Comma-separated names, matched by position with contact_emails. */
  contact_persons: string;
  contact_emails: string;
  is_open: Flag;
  created_at: Instant;
  updated_at: Instant;
  /** An opening's terms (docs/careers.md, packages/contract/src/job-terms.ts). */
  employment_type: ColumnType<string, string | undefined, string>;
  workplace_type: ColumnType<string, string | undefined, string>;
  pay_min: number | null;
  pay_max: number | null;
  pay_currency: string | null;
  pay_period: string | null;
  /** When it was last closed; null while open. Retention counts from it. */
  closed_at: Instant | null;
}

export interface ApplicantsTable {
  id: Generated<number>;
  job_id: number;
  first_name: string;
  last_name: string;
  mobile_number: string;
  city: string;
  email: string;
  experience: string | null;
  country_id: number;
  state_id: number;
  referred_by: string | null;
  applied_on: Instant;
}

export interface AttachmentsTable {
  /** Random UUID: the AttachmentGuid of the download endpoint. */
  id: string;
  applicant_id: number;
  /** The applicant's file name, kept as metadata only; never a path on disk. */
  original_name: string;
  /** 'pdf' | 'doc' | 'docx', detected from the bytes. */
  kind: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  content: Buffer;
  created_at: Instant;
}

/** One row per (job, e-mail, resume SHA-256): the applicant an identical submit maps to. */
export interface ApplicationSubmitsTable {
  /** SHA-256 hex of job id, lower-cased e-mail and resume SHA-256. */
  submit_key: string;
  applicant_id: number;
  submitted_at: Instant;
}

/** Mail waiting to be sent (domains/mail/mail-sender.ts); deleted once the SMTP server took it. */
export interface MailQueueTable {
  id: Generated<number>;
  /** 'applicant-confirmation' | 'recruiter-notice'. */
  kind: string;
  /** The applicant it is about: erased with them. */
  applicant_id: number | null;
  /** One address, or several separated by commas. */
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** 'pending', or 'failed' after the last attempt. */
  status: string;
  attempts: number;
  next_attempt_at: Instant;
  /** A sender claimed it until then (several nodes share the queue). */
  locked_until: Instant | null;
  /** The SMTP error's code or short text, never an address. */
  last_error: string | null;
  created_at: Instant;
}

/** A person who signs in to the console (docs/recruiters.md). */
export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  /** 'admin' | 'recruiter'. */
  role: string;
  /** scrypt$N$r$p$salt$hash (domains/accounts/passwords.ts). */
  password_hash: string;
  is_active: Flag;
  created_at: Instant;
  last_sign_in_at: Instant | null;
}

export interface SessionsTable {
  /** SHA-256 hex of the cookie's token. */
  id: string;
  user_id: number;
  created_at: Instant;
  last_seen_at: Instant;
  /** The absolute end, whatever the activity. */
  expires_at: Instant;
}

/** A person's API token (domains/accounts/api-tokens-repository.ts); revoked ones are deleted. */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 hex of the secret. */
  token_hash: string;
  created_at: Instant;
  last_used_at: Instant | null;
}

/** Append-only. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Instant;
  actor_user_id: number | null;
  /** 'token' | 'cli' when no person acted. */
  actor_label: string | null;
  action: string;
  target: string | null;
  detail: string | null;
}

/** Stage changes; an applicant without any is in stage New. */
export interface ApplicantStagesTable {
  id: Generated<number>;
  applicant_id: number;
  stage: string;
  changed_by_user_id: number | null;
  changed_at: Instant;
}

export interface ApplicantNotesTable {
  id: Generated<number>;
  applicant_id: number;
  author_user_id: number;
  created_at: Instant;
  text: string;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  /** 'account:<sha256 of the e-mail>' or 'client:<address>'. */
  key: string;
  failed_at: Instant;
}

/** Who runs a scheduled job until when (domains/applications/erasure-repository.ts). */
export interface JobLeasesTable {
  name: string;
  /** The node's random id; '' when nobody ever held it. */
  holder: string;
  expires_at: Instant;
}

export interface CountriesTable {
  /** ISO 3166-1 numeric code (USA 840). */
  value: number;
  alpha2: string;
  label: string;
}

export interface StatesTable {
  /** Stable integer derived from the country and ISO 3166-2 subdivision code. */
  value: number;
  country_value: number;
  iso_code: string;
  label: string;
}

export interface ReferenceOptionsTable {
  value: number;
  label: string;
  position: number;
}

export interface Database {
  jobs: JobsTable;
  applicants: ApplicantsTable;
  attachments: AttachmentsTable;
  application_submits: ApplicationSubmitsTable;
  mail_queue: MailQueueTable;
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  audit_log: AuditLogTable;
  applicant_stages: ApplicantStagesTable;
  applicant_notes: ApplicantNotesTable;
  sign_in_failures: SignInFailuresTable;
  job_leases: JobLeasesTable;
  countries: CountriesTable;
  states: StatesTable;
  experience_bands: ReferenceOptionsTable;
  shifts: ReferenceOptionsTable;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type ApplicantRow = Selectable<ApplicantsTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type UserRow = Selectable<UsersTable>;

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** An instant as ISO 8601 in UTC, whichever engine returned it. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
