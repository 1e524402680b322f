import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { PageIntro } from '@/components/page-intro';
import { Section } from '@/components/section';
import { routes, type ScreenProps } from '@lumenfield/routes';
import { site } from '@/config/site';
import { useContent } from '@/lib/site-content';
import { usePageMeta } from '@/lib/page-meta';
import { AwardBadge } from './award-badge';
import './awards.css';

export default function AwardsPage({ routeId }: ScreenProps) {
  const content = useContent('awards');
  const { title } = routes[routeId];
  usePageMeta({ title, description: content.meta.description });

  return (
    <>
      <PageIntro eyebrow={content.intro.eyebrow} title={title} lead={content.intro.lead} />

      {content.years.map((year, index) => (
        <Section
          key={year}
          id={`awards-${year}`}
          title={String(year)}
          tone={index % 2 === 0 ? 'plain' : 'sand'}
          className="awards-year"
        >
          <ul className="tile-grid award-list">
            {content.awards
              .filter((award) => award.year === year)
              .map((award) => (
                <li key={award.listing} className="award">
                  <AwardBadge
                    style={award.badge}
                    text={award.badgeText}
                    year={award.year}
                    label={`Badge: ${award.title}, ${award.year}`}
                  />
                  <div className="award__body">
                    <h3 className="award__title">{award.title}</h3>
                    <p className="award__text">{award.description}</p>
                    <a
                      href={site.awardListings[award.listing]}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="award__link"
                    >
                      {content.listingLinkLabel}
                      <span className="visually-hidden">
                        : {award.title} {award.year} {content.newTabNote}
                      </span>
                      <Icon name="externalLink" size={16} />
                    </a>
                  </div>
                </li>
              ))}
          </ul>
        </Section>
      ))}

      <section className="awards-closing on-navy" aria-labelledby="awards-closing-title">
        <div className="container">
          <h2 id="awards-closing-title" className="awards-closing__title">
            {content.closing.title}
          </h2>
          <p className="awards-closing__text">{content.closing.text}</p>
          <AppLink to={content.closing.link.to} className="awards-closing__link">
            {content.closing.link.label}
            <Icon name="arrowRight" size={20} />
          </AppLink>
        </div>
      </section>
    </>
  );
}
