import { Icon } from '@/components/icons';
import { AppLink } from '@/components/app-link';
import { CtaBand } from '@/components/cta-band';
import { FocusBlock } from '@/components/focus-block';
import { NumberedList } from '@/components/numbered-list';
import { PageIntro } from '@/components/page-intro';
import { Card, CardGrid, Section } from '@/components/section';
import { SolutionsList } from '@/components/solutions-list';
import { routes, type ScreenProps } from '@lumenfield/routes';
import { serviceRouteIds, type ServiceEntry, type ServiceRouteId } from '@lumenfield/site-content';
import { useContent } from '@/lib/site-content';
import { Island } from '@/lib/island';
import { usePageMeta } from '@/lib/page-meta';
import { FamilyMotifArt, FamilyMotifBand } from './family-motif';
import { familyOf } from './service-families';
import { ServiceTabs } from './service-tabs';
import './service-page.css';

function isServiceRoute(id: ScreenProps['routeId']): id is ServiceRouteId {
  return (serviceRouteIds as readonly string[]).includes(id);
}

/** The one template every service route renders, fed by its entry in the site-content package. */
export default function ServicePage({ routeId }: ScreenProps) {
  if (!isServiceRoute(routeId)) {
    throw new Error(
      `No service content for route "${routeId}"; add it to packages/site-content/src/seed/services.ts.`,
    );
  }
  return <ServiceTemplate routeId={routeId} entry={useContent(routeId)} />;
}

function ServiceTemplate({ routeId, entry }: { routeId: ServiceRouteId; entry: ServiceEntry }) {
  const text = useContent('serviceTemplate');
  const { title } = routes[routeId];
  const family = familyOf(routeId);
  const motif = family?.motif ?? 'enterprise';
  usePageMeta({ title, description: entry.description });

  return (
    <div className={`service-page service-page--${motif}`}>
      <PageIntro
        eyebrow={family ? `${family.heading} ${text.eyebrowSuffix}` : undefined}
        title={title}
        lead={entry.lead}
      >
        <div className="service-hero__actions">
          <AppLink to="contact" className="button button--on-navy">
            {text.heroAction}
          </AppLink>
        </div>
        <div className="service-hero__art">
          <FamilyMotifArt motif={motif} />
        </div>
      </PageIntro>

      {family ? (
        <Island
          name="service-tabs"
          props={{ family, label: `${family.heading} ${text.eyebrowSuffix}`, current: routeId }}
        >
          <ServiceTabs
            family={family}
            label={`${family.heading} ${text.eyebrowSuffix}`}
            current={routeId}
          />
        </Island>
      ) : null}

      <Section id="overview" eyebrow={text.overviewEyebrow} title={entry.overview.title}>
        <div className="service-overview">
          <div className="service-overview__text">
            {entry.overview.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <aside className="service-highlights" aria-labelledby="service-highlights-heading">
            <FamilyMotifBand motif={motif} />
            <div className="service-highlights__body">
              <h3 id="service-highlights-heading" className="service-highlights__title">
                {entry.overview.highlightsTitle}
              </h3>
              <ul className="service-highlights__list">
                {entry.overview.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </ul>
            </div>
          </aside>
        </div>
      </Section>

      <Section
        id="offerings"
        tone="sand"
        eyebrow={text.offeringsEyebrow}
        title={entry.offerings.title}
        intro={<p>{entry.offerings.intro}</p>}
      >
        <CardGrid min={240}>
          {entry.offerings.items.map((item) => (
            <Card
              key={item.title}
              title={item.title}
              icon={<Icon name={item.icon} size={26} strokeWidth={1.7} />}
            >
              <p>{item.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      {/* Navy between sand and white keeps neighbouring bands apart. */}
      {entry.blocks.includes('focus') ? <FocusBlock /> : null}

      <Section id="approach" eyebrow={text.approachEyebrow} title={entry.approach.title}>
        <NumberedList block="service-steps" items={entry.approach.steps} />
      </Section>

      {entry.blocks.includes('solutions') ? <SolutionsList /> : null}

      <CtaBand
        title={entry.cta.title}
        text={entry.cta.text}
        action={{ label: text.ctaAction, to: 'contact' }}
      />
    </div>
  );
}
