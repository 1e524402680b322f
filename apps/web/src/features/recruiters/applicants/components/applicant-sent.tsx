import type { ReactNode } from 'react';
import {
  applicantColumns,
  arrivalLabels,
  sourceText,
  type ConsoleApplicant,
} from '@lumenfield/contract';
import { placeText } from '@/lib/place-text';
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

/** What the applicant sent: the lines of the one list of applicant fields, then when and where. */
export function Sent({ applicant }: { applicant: ConsoleApplicant }) {
  // What they sent: the lines of the one list of applicant fields, then when and where.
  const rows: [string, ReactNode][] = [
    ...applicantColumns.map(({ key, label }): [string, ReactNode] => [
      label,
      key === 'email' ? (
        <a href={`mailto:${applicant.email}`}>
          <EmailText email={applicant.email} />
        </a>
      ) : (
        (applicant[key] ?? '—')
      ),
    ]),
    ...(applicant.place
      ? [['Place applied for', placeText(applicant.place)] as [string, ReactNode]]
      : []),
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
