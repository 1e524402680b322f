import type { AdminApplicant } from '@lumenfield/contract';
import type { ApplicantSummary } from '../applicant-row';

/** An applicant as the recruiters' answers show one (the bearer API, the console's page). */
export function toAdminApplicant(a: ApplicantSummary): AdminApplicant {
  return {
    ApplicantID: a.id,
    FirstName: a.firstName,
    LastName: a.lastName,
    Email: a.email,
    MobileNumber: a.mobileNumber,
    City: a.city,
    CountyID: a.countryId,
    StateID: a.stateId,
    Experience: a.experience,
    ReferredBy: a.referredBy,
    AppliedOn: a.appliedOn,
    AttachmentGuid: a.attachmentGuid,
    AttachmentName: a.attachmentName,
    AttachmentSize: a.attachmentSize,
    AttachmentSha256: a.attachmentSha256,
  };
}
