import { LoadingOverlay } from '@/components/loading-overlay';
import { useIsRequestPending } from '@/lib/pending-requests';

/** 'Loading...' while any API request is pending (docs/architecture.md). */
export function RequestOverlay() {
  const pending = useIsRequestPending();
  return <LoadingOverlay visible={pending} label="Loading..." blocking />;
}
