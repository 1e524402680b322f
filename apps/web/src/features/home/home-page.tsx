import { AppLink } from '@/components/app-link';
import { CtaBand } from '@/components/cta-band';
import { Icon } from '@/components/icons';
import { Section } from '@/components/section';
import { routes, type ScreenProps } from '@lumenfield/routes';
import { useContent } from '@/lib/site-content';
import { Island } from '@/lib/island';
import { usePageMeta } from '@/lib/page-meta';
import { HeroArt } from './hero-art';
import { TellMe } from './tell-me';
import { Timeline } from './timeline';
import './home.css';

export default function HomePage({ routeId }: ScreenProps) {
  const content = useContent('home');
  const { title } = routes[routeId];
  usePageMeta({ title, description: content.meta.description });
  const { hero, expertise, thoughtLeadership, impact, timeline, closing } = content;

  return (
    <>
      <section className="home-hero on-navy" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <div className="home-hero__copy">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 id="home-title" className="home-hero__title">
              {title}
            </h1>
            <p className="home-hero__lead">{hero.lead}</p>
            <Island name="tell-me" props={hero.tellMe}>
              <TellMe {...hero.tellMe} />
            </Island>
            <AppLink to={hero.primaryAction.to} className="home-hero__secondary">
              {hero.primaryAction.label}
              <Icon name="arrowRight" size={18} />
            </AppLink>
          </div>
          <div className="home-hero__art">
            <HeroArt label={hero.artLabel} />
          </div>
        </div>
      </section>

      <Section id="expertise" heading={expertise}>
        <ul className="tile-grid expertise-grid">
          {expertise.links.map((link) => (
            <li key={link.to}>
              <AppLink to={link.to} className="expertise-link">
                <span className="expertise-link__title">
                  {routes[link.to].title}
                  <Icon name="arrowRight" size={18} />
                </span>
                <span className="expertise-link__line">{link.line}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="thought-leadership" tone="sand" heading={thoughtLeadership}>
        <ul className="tile-grid insight-grid">
          {thoughtLeadership.cards.map((card, index) => (
            <li key={card.title} className="tile insight-card">
              <InsightMark index={index} />
              <p className="insight-card__topic">{card.topic}</p>
              <h3 className="insight-card__title">{card.title}</h3>
              <p className="insight-card__summary">{card.summary}</p>
              <AppLink to={card.to} className="insight-card__link">
                {thoughtLeadership.linkLabel}
                <span className="visually-hidden">: {card.title}</span>
                <Icon name="arrowRight" size={18} />
              </AppLink>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="impact" tone="navy" heading={impact}>
        <ul className="tile-grid impact-grid">
          {impact.claims.map((item) => (
            <li key={item.claim} className="impact-item">
              <span className="impact-item__figure" aria-hidden="true">
                {item.figure}
              </span>
              <p className="impact-item__claim">{item.claim}</p>
              <p className="impact-item__context">{item.context}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-we-work" heading={timeline}>
        <Island name="timeline" props={{ steps: timeline.steps }}>
          <Timeline steps={timeline.steps} />
        </Island>
      </Section>

      <CtaBand title={closing.title} text={closing.text} action={closing.action} />
    </>
  );
}

/** A small geometric mark per insight card, varied by position so the grid does not repeat. */
function InsightMark({ index }: { index: number }) {
  const shapes = [
    <circle key="c" cx="20" cy="20" r="12" />,
    <rect key="r" x="8" y="8" width="24" height="24" rx="4" />,
    <path key="t" d="M20 6l14 26H6z" />,
    <path key="d" d="M20 5l15 15-15 15L5 20z" />,
    <path key="h" d="M12 7h16l8 13-8 13H12L4 20z" />,
    <path key="s" d="M6 20a14 14 0 0 1 28 0z" />,
  ];
  return (
    <svg
      className="insight-card__mark"
      width="40"
      height="40"
      viewBox="0 0 40 40"
      aria-hidden="true"
    >
      <g fill={index % 2 === 0 ? '#0f766e' : '#1d3a63'} fillOpacity="0.9">
        {shapes[index % shapes.length]}
      </g>
      <circle cx="31" cy="9" r="4" fill="#2dd4bf" />
    </svg>
  );
}
