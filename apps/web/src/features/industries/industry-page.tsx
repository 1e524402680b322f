import { AppLink } from '@/components/app-link';
import { CtaBand } from '@/components/cta-band';
import { Icon } from '@/components/icons';
import { NumberedList } from '@/components/numbered-list';
import { PageIntro } from '@/components/page-intro';
import { Card, CardGrid, Section } from '@/components/section';
import { routes, type RouteId, type ScreenProps } from '@lumenfield/routes';
import { site } from '@/config/site';
import {
  industryPageFor,
  type IndustryEntry,
  type IndustryPageId,
  type IndustryRouteId,
} from '@lumenfield/site-content';
import { usePageMeta } from '@/lib/page-meta';
import { useContent } from '@/lib/site-content';
import { IndustryArt } from './industry-art';
import './industry-page.css';

function isIndustryRoute(id: RouteId): id is IndustryRouteId {
  return id in industryPageFor;
}

/** The one template for the three industry pages; section routes land on a section of one. */
export default function IndustryPage({ routeId }: ScreenProps) {
  if (!isIndustryRoute(routeId)) {
    throw new Error(
      `No industry content for route "${routeId}"; add it to packages/site-content/src/seed/industries.ts.`,
    );
  }
  const page = industryPageFor[routeId];
  return <IndustryTemplate page={page} entry={useContent(page)} />;
}

function IndustryTemplate({ page, entry }: { page: IndustryPageId; entry: IndustryEntry }) {
  const text = useContent('industryTemplate');
  const { title } = routes[page];
  usePageMeta({ title, description: entry.description });
  const partners = site.partners.filter((partner) =>
    entry.partners.technology.includes(partner.name),
  );

  return (
    <div className={`industry-page industry-page--${page}`}>
      <PageIntro eyebrow={entry.eyebrow} title={title} lead={entry.lead}>
        <p className="industry-hero__audience">{entry.audience}</p>
        <div className="industry-hero__actions">
          <AppLink to="contact" className="button button--on-navy">
            {entry.getInTouch.label}
          </AppLink>
          {/* A plain in-page link: it works before, and without, the page's script. */}
          <a href="#how-we-help" className="industry-hero__secondary">
            {text.howWeHelpAction}
            <Icon name="arrowRight" size={18} />
          </a>
        </div>
        <div className="industry-hero__art">
          <IndustryArt page={page} />
        </div>
      </PageIntro>

      <Section
        id="expertise"
        eyebrow={text.expertiseEyebrow}
        title={entry.specialties.title}
        intro={<p>{entry.specialties.intro}</p>}
      >
        <CardGrid min={300}>
          {entry.specialties.items.map((item) => (
            <Card
              key={item.title}
              title={item.title}
              icon={<Icon name={item.icon} size={26} strokeWidth={1.7} />}
              footer={
                item.service ? (
                  <AppLink to={item.service} className="industry-card__link">
                    <span className="visually-hidden">{text.relatedServicePrefix} </span>
                    {routes[item.service].title}
                    <Icon name="arrowRight" size={16} />
                  </AppLink>
                ) : undefined
              }
            >
              <p>{item.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section
        id="partners"
        tone="sand"
        eyebrow={text.partnersEyebrow}
        title={entry.partners.title}
        intro={<p>{entry.partners.intro}</p>}
      >
        <NumberedList block="industry-models" items={entry.partners.models} twoDigits />
        <h3 className="industry-partners__title">{entry.partners.technologyTitle}</h3>
        <ul className="cluster industry-partners">
          {partners.map((partner) => (
            <li key={partner.name} className="industry-partners__item">
              <span className="industry-partners__mark" aria-hidden="true">
                {partner.name.charAt(0)}
              </span>
              <span>
                <span className="industry-partners__name">{partner.name}</span>
                <span className="industry-partners__programme">{partner.programme}</span>
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="philosophy"
        tone="navy"
        eyebrow={text.philosophyEyebrow}
        title={entry.philosophy.title}
      >
        <p className="industry-philosophy__statement">{entry.philosophy.statement}</p>
        <CardGrid min={300}>
          {entry.philosophy.principles.map((principle) => (
            <Card key={principle.title} title={principle.title}>
              <p>{principle.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section
        id="how-we-help"
        eyebrow={text.howWeHelpEyebrow}
        title={entry.howWeHelp.title}
        intro={<p>{entry.howWeHelp.intro}</p>}
      >
        <ol className="tile-grid industry-steps">
          {entry.howWeHelp.steps.map((step, index) => (
            <li key={step.title} className="industry-steps__item">
              <span className="industry-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="industry-steps__title">{step.title}</h3>
                <p className="industry-steps__text">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <CtaBand
        title={entry.getInTouch.title}
        text={entry.getInTouch.text}
        action={{ label: entry.getInTouch.label, to: 'contact' }}
      />
    </div>
  );
}
