import { Router, type History } from '@lumenfield/page-kit';
import { PageDataProvider, type PageData } from '@/lib/page-data';
import type { ContentByPath } from './content-by-path';
import { AppRoutes } from './router';

export interface AppProps {
  history: History;
  /** The page's HTML came from the server and React hydrates it: see main.tsx. */
  screenInHtml?: boolean;
  /** Live data the server rendered the page with (the openings, an opening's detail). */
  data?: PageData;
  /**
   * The published content of each page drawn in place (content-by-path.ts); absent (tests, the
   * build), every page shows the content `data` carries.
   */
  contents?: ContentByPath;
}

export function App({ history, screenInHtml = false, data = {}, contents }: AppProps) {
  return (
    <Router history={history}>
      <PageDataProvider data={data}>
        <AppRoutes screenInHtml={screenInHtml} contents={contents} />
      </PageDataProvider>
    </Router>
  );
}
