import {
  lazy,
  useEffect,
  useMemo,
  useReducer,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { routeForPath, routes, type ScreenId, type ScreenProps } from '@lumenfield/routes';
import { useLocation } from '@lumenfield/page-kit';
import { PageDataProvider, usePageData } from '@/lib/page-data';
import type { ContentByPath } from './content-by-path';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';

type ScreenModule = { default: ComponentType<ScreenProps> };

/**
 * Each screen is its own chunk, loaded when a route first needs it: see docs/architecture.md.
 * The build also asks which module each screen is, to give its pages that module's stylesheet
 * (page-kit's vite/prerender.ts).
 */
export const screenModules: Record<ScreenId, () => Promise<ScreenModule>> = {
  home: () => import('@/features/home/home-page'),
  about: () => import('@/features/about/about-page'),
  awards: () => import('@/features/awards/awards-page'),
  contact: () => import('@/features/contact/contact-page'),
  industry: () => import('@/features/industries/industry-page'),
  service: () => import('@/features/services/service-page'),
  privacy: () => import('@/features/privacy/privacy-page'),
  careers: () => import('@/features/careers/careers-page'),
  job: () => import('@/features/careers/job-page'),
  applicant: () => import('@/features/applicant/applicant-page'),
  hr: () => import('@/features/hr/hr-page'),
};

const screens = Object.fromEntries(
  Object.entries(screenModules).map(([id, load]) => [id, lazy(load)]),
) as Record<ScreenId, LazyExoticComponent<ComponentType<ScreenProps>>>;

/** The screen for the current location inside the shell, or the not-found screen. */
export function AppRoutes({
  screenInHtml,
  contents,
}: {
  screenInHtml: boolean;
  contents?: ContentByPath | undefined;
}) {
  const { pathname } = useLocation();
  const match = routeForPath(pathname);
  const Screen = match ? screens[routes[match.id].screen] : undefined;
  const page = (
    <RootLayout screenInHtml={screenInHtml}>
      {match && Screen ? <Screen routeId={match.id} param={match.param} /> : <NotFound />}
    </RootLayout>
  );
  return contents ? (
    <WithContentOf path={pathname} contents={contents}>
      {page}
    </WithContentOf>
  ) : (
    page
  );
}

/**
 * The page at `path` (its shell and screen) with the content published for it, as its own
 * document would carry it (content-by-path.ts). A page reached by back or forward that was
 * never read is drawn with the seeds, read, and drawn again.
 */
function WithContentOf({
  path,
  contents,
  children,
}: {
  path: string;
  contents: ContentByPath;
  children: ReactNode;
}) {
  const data = usePageData();
  const [, drawAgain] = useReducer((count: number) => count + 1, 0);
  const known = contents.has(path);
  useEffect(() => {
    if (!known) void contents.read(path).then(drawAgain);
  }, [contents, path, known]);
  const content = contents.get(path);
  // One object while the page data and the path's content stay: the page's readers keep theirs.
  const withContent = useMemo(() => ({ ...data, content }), [data, content]);
  return <PageDataProvider data={withContent}>{children}</PageDataProvider>;
}
