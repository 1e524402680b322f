import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import { feedbackDueQuery } from '../api';
import { applicantPath, scorecardPath } from '../../common/routes';
import { useSession } from '../../common/session';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import { RadioChoices } from '../../common/components/radio-choices';
import './scorecards.css';

/**
 * Feedback due: the interviews that ended without a submitted scorecard, the longest waiting
 * first. Yours; an admin or recruiter may look at everyone's, to chase them.
 */
export default function FeedbackDuePage() {
  const { user } = useSession();
  const mayChase = user.role === 'admin' || user.role === 'recruiter';
  const [who, setWho] = useState<'me' | 'everyone'>('me');
  const query = useQuery(feedbackDueQuery(who));
  const items = query.data?.items ?? [];
  return (
    <>
      <PageHeading title="Feedback due" />
      {mayChase ? (
        <fieldset className="rc-scorecard__who-filter cluster">
          <legend className="visually-hidden">Whose feedback</legend>
          <RadioChoices
            className="rc-scorecard__choice"
            name="who"
            choices={['me', 'everyone'] as const}
            labelOf={(choice) => (choice === 'me' ? 'Yours' : 'Everyone’s')}
            value={who}
            onChange={setWho}
          />
        </fieldset>
      ) : null}
      <Pending query={query} what="the feedback due" />
      {query.data && items.length === 0 ? (
        <p className="rc-muted">No scorecards are waiting. Thank you.</p>
      ) : null}
      {items.length > 0 ? (
        <ListTable
          caption={who === 'me' ? 'Your scorecards due' : 'Everyone’s scorecards due'}
          columns={['Interview', 'Applicant', 'When', 'Interviewer', 'Status']}
        >
          {items.map((item) => (
            <tr key={`${item.interviewId}-${item.interviewer.userId}`}>
              <td data-label="Interview">
                {item.interviewer.userId === user.userId ? (
                  <Link to={scorecardPath(item.interviewId)}>{item.name}</Link>
                ) : (
                  item.name
                )}
              </td>
              <td data-label="Applicant">
                <Link to={applicantPath(item.applicantId)}>{item.applicantName}</Link>
                <span className="rc-sub">{item.jobTitle}</span>
              </td>
              <td data-label="When">
                <When iso={item.startsAt} />
              </td>
              <td data-label="Interviewer">{item.interviewer.name}</td>
              <td data-label="Status">
                {item.overdue ? <strong>Overdue</strong> : 'Due'}
                {item.drafted ? ', draft saved' : ''}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </>
  );
}
