import type { ReactNode } from 'react';
import {
  applicantColumns,
  appliedPlaceText,
  arrivalLabels,
  sourceText,
  type ApplicantColumnKey,
  type ConsoleApplicant,
} from '@lumenfield/contract';
import { displayedMobileNumber } from '@lumenfield/contract/phone';
import { Link } from '@lumenfield/page-kit';
import { openingPath } from '../../common/routes';
import { When } from '../../common/components/when';
import { EmailText } from '../../common/components/email-text';

/** "LinkedIn (tracking link)", and the raw values the visit carried behind a toggle. */
function SourceFacts({ applicant }: { applicant: ConsoleApplicant }) {
  const raw = (Object.keys(arrivalLabels) as (keyof typeof arrivalLabels)[]).filter(
    (key) => applicant.arrival[key],
  );
  return (
    <>
      {applicant.source ? sourceText(applicant.source) : 'Not known'}
      {raw.length > 0 ? (
        <details className="rc-arrival">
          <summary>What the visit carried</summary>
          <dl>
            {raw.map((key) => (
              <div key={key}>
                <dt>{arrivalLabels[key]}</dt>
                <dd>{applicant.arrival[key]}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </>
  );
}

/** A line's value: the e-mail address and the number as links, the rest as sent. */
function sentValue(applicant: ConsoleApplicant, key: ApplicantColumnKey): ReactNode {
  if (key === 'email') {
    return (
      <a href={`mailto:${applicant.email}`}>
        <EmailText email={applicant.email} />
      </a>
    );
  }
  if (key === 'mobileNumber') {
    // Stored in E.164 where it reads as one (ADR-26), shown in its international form.
    return (
      <a href={`tel:${applicant.mobileNumber}`}>{displayedMobileNumber(applicant.mobileNumber)}</a>
    );
  }
  return applicant[key] ?? '—';
}

/** What the applicant sent: the lines of the one list of applicant fields, then when and where. */
export function Sent({ applicant }: { applicant: ConsoleApplicant }) {
  const appliedPlace = appliedPlaceText(applicant);
  const rows: [string, ReactNode][] = [
    ...applicantColumns.map(({ key, label }): [string, ReactNode] => [
      label,
      sentValue(applicant, key),
    ]),
    ...(appliedPlace ? [['Place applied for', appliedPlace] as [string, ReactNode]] : []),
    ['Applied on', <When iso={applicant.appliedOn} />],
    [
      'Opening',
      <Link to={openingPath(applicant.jobId)}>
        {applicant.jobCode} · {applicant.jobTitle}
      </Link>,
    ],
    ['Source', <SourceFacts applicant={applicant} />],
  ];
  return (
    <section className="rc-card" aria-labelledby="sent-heading">
      <h2 id="sent-heading">What they sent</h2>
      <dl className="rc-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
