import { ContentImage } from '@/components/content-image';
import { CtaBand } from '@/components/cta-band';
import { Icon } from '@/components/icons';
import { InitialsAvatar } from '@/components/initials-avatar';
import { PageIntro } from '@/components/page-intro';
import { Card, CardGrid, Section } from '@/components/section';
import { routes, type ScreenProps } from '@lumenfield/routes';
import { site } from '@/config/site';
import type { Person } from '@lumenfield/site-content';
import { useContent } from '@/lib/site-content';
import { usePageMeta } from '@/lib/page-meta';
import './about.css';

export default function AboutPage({ routeId }: ScreenProps) {
  const content = useContent('about');
  const { title } = routes[routeId];
  usePageMeta({ title, description: content.meta.description });
  const { intro, purpose, values, founders, management, diversity, partnerships, giving } = content;

  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={title} lead={intro.lead} />

      <Section id="purpose" heading={purpose}>
        <div className="about-purpose">
          <div className="about-purpose__text">
            {purpose.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <PurposeArt label={purpose.artLabel} />
        </div>
      </Section>

      <Section id="values" tone="sand" heading={values}>
        <CardGrid min={320}>
          {values.items.map((value) => (
            <Card key={value.name} title={value.name} icon={<Icon name={value.icon} size={26} />}>
              <p>{value.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section id="founders" heading={founders}>
        <ul className="tile-grid founder-list">
          {founders.people.map((person, index) => (
            <li key={person.name} className="founder">
              <Portrait person={person} size={120} tone={index} />
              <div>
                <h3 className="founder__name">{person.name}</h3>
                <p className="founder__title">{person.jobTitle}</p>
                <p className="founder__bio">{person.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="management" tone="sand" heading={management}>
        <ul className="tile-grid team-grid">
          {management.people.map((person, index) => (
            <li key={person.name} className="tile team-member">
              <Portrait person={person} size={88} tone={index + 2} />
              <h3 className="team-member__name">{person.name}</h3>
              <p className="team-member__title">{person.jobTitle}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="diversity" heading={diversity}>
        <div className="about-diversity">
          <div className="about-diversity__text">
            {diversity.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ul className="certification-list">
            {diversity.certifications.map((certification, index) => (
              <li key={certification.name} className="certification">
                <CertificationSeal variant={index} />
                <div>
                  <h3 className="certification__name">{certification.name}</h3>
                  <p className="certification__text">{certification.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="partnerships" tone="sand" heading={partnerships}>
        <ul className="tile-grid partner-grid">
          {site.partners.map((partner) => (
            <li key={partner.name} className="partner-tile">
              <span className="partner-tile__name">{partner.name}</span>
              <span className="partner-tile__programme">{partner.programme}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="community-giving" heading={giving}>
        <CardGrid min={320}>
          {giving.initiatives.map((initiative) => (
            <Card key={initiative.title} title={initiative.title}>
              <p>{initiative.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <CtaBand {...content.closing} />
    </>
  );
}

/** A person's uploaded photo, or their initials while there is none (the seed has none). */
function Portrait({ person, size, tone }: { person: Person; size: number; tone: number }) {
  if (person.photo) return <ContentImage image={person.photo} sizes={`${size}px`} width={size} />;
  return <InitialsAvatar name={person.name} size={size} tone={tone} />;
}

/** Three overlapping circles around a teal core: the client at the centre of our teams. */
function PurposeArt({ label }: { label: string }) {
  return (
    <svg
      className="about-purpose__art"
      width="360"
      height="300"
      viewBox="0 0 360 300"
      role="img"
      aria-label={label}
    >
      <rect width="360" height="300" rx="24" fill="#f4f0e8" />
      <circle cx="140" cy="125" r="78" fill="#0b1f3a" fillOpacity="0.9" />
      <circle cx="220" cy="125" r="78" fill="#1d3a63" fillOpacity="0.75" />
      <circle cx="180" cy="190" r="78" fill="#0f766e" fillOpacity="0.7" />
      <circle cx="180" cy="148" r="26" fill="#2dd4bf" />
      <circle cx="180" cy="148" r="10" fill="#ffffff" />
    </svg>
  );
}

/** A certification seal drawn as a rosette; purely decorative beside its named heading. */
function CertificationSeal({ variant }: { variant: number }) {
  const fill = variant % 2 === 0 ? '#0b1f3a' : '#0f766e';
  const points = Array.from({ length: 16 }, (_, index) => {
    const angle = (index * Math.PI) / 8;
    const radius = index % 2 === 0 ? 36 : 31;
    return `${40 + radius * Math.cos(angle)},${40 + radius * Math.sin(angle)}`;
  }).join(' ');
  return (
    <svg
      width="80"
      height="80"
      viewBox="0 0 80 80"
      aria-hidden="true"
      className="certification__seal"
    >
      <polygon points={points} fill={fill} />
      <circle cx="40" cy="40" r="24" fill="none" stroke="#2dd4bf" strokeWidth="2.5" />
      <path
        d="M29 41l8 8 15-17"
        fill="none"
        stroke="#ffffff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
