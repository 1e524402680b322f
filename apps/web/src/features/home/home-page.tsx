import { PageIntro } from '@/components/page-intro';
import { routes, type ScreenProps } from '@/config/routes';
import { usePageMeta } from '@/lib/page-meta';

export default function HomePage({ routeId }: ScreenProps) {
  const { title } = routes[routeId];
  usePageMeta({ title });
  return <PageIntro title={title} />;
}
