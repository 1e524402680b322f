import type { ApplicantStage } from '@lumenfield/contract';

export function StageBadge({ stage }: { stage: ApplicantStage }) {
  return <span className={`rc-badge rc-badge--${stage.toLowerCase()}`}>{stage}</span>;
}

export function StateBadge({ state }: { state: 'open' | 'scheduled' | 'closed' }) {
  const label = { open: 'Open', scheduled: 'Scheduled', closed: 'Closed' }[state];
  return <span className={`rc-badge rc-badge--${state}`}>{label}</span>;
}
