import { Router, type History } from '@lumenfield/page-kit';
import { PageDataProvider, type PageData } from '@/lib/page-data';
import { AppRoutes } from './router';

export interface AppProps {
  history: History;
  /** The page's HTML came from the server and React hydrates it: see main.tsx. */
  screenInHtml?: boolean;
  /** Live data the server rendered the page with (the openings, an opening's detail). */
  data?: PageData;
}

export function App({ history, screenInHtml = false, data = {} }: AppProps) {
  return (
    <Router history={history}>
      <PageDataProvider data={data}>
        <AppRoutes screenInHtml={screenInHtml} />
      </PageDataProvider>
    </Router>
  );
}
