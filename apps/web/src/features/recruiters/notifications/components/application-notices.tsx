import { useQuery } from '@tanstack/react-query';
import type { ApplicationNotices } from '@lumenfield/contract';
import { applicationNoticesQuery, useSetApplicationNotices } from '../api';
import { RadioChoices } from '../../common/components/radio-choices';
import { Pending } from '../../common/components/status';
import { failureText } from '../../common/api/query-client';
import './notifications.css';

const LABELS: Record<ApplicationNotices, string> = {
  instant: 'A mail for each new application, as it arrives',
  daily: 'One digest a day, at 08:00 in your time zone (set with your working hours)',
};

/**
 * Your account's choice of how you hear of new applications to the openings that name your
 * address as a contact: a mail each, or one daily digest.
 */
export function ApplicationNoticesSetting() {
  const query = useQuery(applicationNoticesQuery);
  const saving = useSetApplicationNotices();
  return (
    <section className="rc-card" aria-labelledby="notices-heading">
      <h2 id="notices-heading">New-application notices</h2>
      <p>For the openings that name your e-mail address as a contact.</p>
      <Pending query={query} what="your notices setting" />
      {query.data ? (
        <fieldset className="rc-notices">
          <legend className="visually-hidden">How you hear of new applications</legend>
          <RadioChoices
            className="rc-notices__choice"
            name="application-notices"
            choices={['instant', 'daily'] as const}
            labelOf={(choice) => LABELS[choice]}
            value={saving.isPending ? (saving.variables ?? null) : query.data.notices}
            onChange={(choice) => saving.mutate(choice)}
          />
        </fieldset>
      ) : null}
      <p role="status" className="rc-muted">
        {saving.isSuccess ? 'Saved.' : ''}
        {saving.isError ? failureText(saving.error, 'Your choice was not saved.') : ''}
      </p>
    </section>
  );
}
