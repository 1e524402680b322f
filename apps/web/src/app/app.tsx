import { Router, type History } from '@/lib/router';
import { AppRoutes } from './router';

export interface AppProps {
  history: History;
  /** The route's page is already in the document (prerendered): see boot.tsx. */
  screenInHtml?: boolean;
}

export function App({ history, screenInHtml = false }: AppProps) {
  return (
    <Router history={history}>
      <AppRoutes screenInHtml={screenInHtml} />
    </Router>
  );
}
