import type { MouseEvent } from 'react';
import { PageIntro } from '@/components/page-intro';
import { routes, type ScreenProps } from '@lumenfield/routes';
import { site, telHref } from '@/config/site';
import type { PolicyBlock } from '@lumenfield/site-content';
import { useContent } from '@/lib/site-content';
import { usePageMeta } from '@/lib/page-meta';
import './privacy.css';

export default function PrivacyPage({ routeId }: ScreenProps) {
  const content = useContent('privacyPolicy');
  const offices = useContent('offices');
  const { title } = routes[routeId];
  usePageMeta({ title, description: content.meta.description });

  return (
    <>
      <PageIntro eyebrow={content.intro.eyebrow} title={title} lead={content.intro.lead}>
        <p className="policy-effective">
          {content.effectiveDateLabel} <strong>{content.effectiveDate}</strong>
        </p>
      </PageIntro>

      <div className="container policy">
        <nav className="policy__contents" aria-labelledby="policy-contents-title">
          <h2 id="policy-contents-title" className="policy__contents-title">
            {content.contentsLabel}
          </h2>
          <ol className="policy__contents-list">
            {content.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}-title`}
                  onClick={(event) => jumpTo(event, section.id)}
                  className="policy__contents-link"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="policy__body">
          {content.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className="policy__section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`} className="policy__title" tabIndex={-1}>
                <span className="policy__number">{index + 1}.</span> {section.title}
              </h2>
              {section.blocks.map((block, blockIndex) => (
                <PolicyBlockView key={blockIndex} block={block} />
              ))}
              {'showContactDetails' in section && section.showContactDetails ? (
                <address className="policy__contact">
                  <span>{site.brand.legalName}</span>
                  <span>{offices[0]?.addressLines.join(', ')}</span>
                  <span>
                    {content.contactLabels.email}:{' '}
                    <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
                  </span>
                  <span>
                    {content.contactLabels.phone}:{' '}
                    <a href={telHref(site.contact.phone)}>{site.contact.phone}</a>
                  </span>
                </address>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

function PolicyBlockView({ block }: { block: PolicyBlock }) {
  if (block.kind === 'paragraph') return <p>{block.text}</p>;
  if (block.kind === 'subheading') {
    // Level 3 unless the block says 4 (the publish guard keeps an h4 under an h3).
    const Heading = block.level === 4 ? 'h4' : 'h3';
    return <Heading className="policy__subheading">{block.text}</Heading>;
  }
  return (
    <ul className="policy__list">
      {block.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** In-page jumps: scroll and move focus, keeping the fragment out of the URL and the history. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  const heading = document.getElementById(`${id}-title`);
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}
