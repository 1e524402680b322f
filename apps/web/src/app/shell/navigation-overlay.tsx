import { LoadingOverlay } from '@/components/loading-overlay';
import { useNavigationState } from './navigation-state';

/** The full-screen navigation overlay: translucent, and it lets clicks through. */
export function NavigationOverlay() {
  const { overlayVisible } = useNavigationState();
  return <LoadingOverlay visible={overlayVisible} label="Loading page" labelVisible={false} />;
}
