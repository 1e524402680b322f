import { FEWER_THAN_LABEL } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { selfIdReportQuery } from '../api';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { Pending } from '../../common/components/status';
import './self-id-report-page.css';

/**
 * The compliance role's only page: voluntary self-identification counts per opening per answer
 * (docs/recruiters.md). No person's answers, no totals; a small count reads "fewer than 5".
 */
export default function SelfIdReportPage() {
  const report = useQuery(selfIdReportQuery);
  return (
    <>
      <PageHeading title="Self-identification" />
      <p>
        How candidates answered the voluntary self-identification form, counted per opening. A count
        below {report.isSuccess ? report.data.minimumCount : 5} reads “{FEWER_THAN_LABEL}”; when
        only one answer to a question is that small, the next smallest is hidden too, so that no
        count can be worked out from the others. There are no totals. Each reading of this page is
        recorded in the audit log.
      </p>
      <Pending query={report} what="the report" />
      {report.isSuccess && report.data.openings.length === 0 ? (
        <p className="rc-muted">No candidate has answered the form yet.</p>
      ) : null}
      {report.isSuccess
        ? report.data.openings.map((opening) => (
            <section
              key={opening.jobId}
              className="rc-selfid"
              aria-labelledby={`selfid-${opening.jobId}`}
            >
              <h2 id={`selfid-${opening.jobId}`}>
                {opening.jobTitle} <span className="rc-sub">{opening.jobCode}</span>
              </h2>
              <div className="rc-selfid__grid">
                {opening.questions.map((question) => (
                  <div key={question.key} className="rc-selfid__question">
                    <h3>{question.legend}</h3>
                    <ListTable
                      caption={`${opening.jobTitle}: ${question.legend}`}
                      className="rc-selfid__table"
                      columns={['Answer', { label: 'Count', numeric: true }]}
                    >
                      {question.answers.map((answer) => (
                        <tr key={answer.value}>
                          <td data-label="Answer">{answer.label}</td>
                          <td data-label="Count" className="rc-num">
                            {answer.count ?? FEWER_THAN_LABEL}
                          </td>
                        </tr>
                      ))}
                    </ListTable>
                  </div>
                ))}
              </div>
            </section>
          ))
        : null}
    </>
  );
}
