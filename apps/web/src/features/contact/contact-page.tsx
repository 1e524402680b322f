import { Icon } from '@/components/icons';
import { NumberedList } from '@/components/numbered-list';
import { PageIntro } from '@/components/page-intro';
import { Section } from '@/components/section';
import { routes, type ScreenProps } from '@lumenfield/routes';
import { site, telHref } from '@/config/site';
import { useContent } from '@/lib/site-content';
import { Island } from '@/lib/island';
import { usePageMeta } from '@/lib/page-meta';
import { OfficeTabs } from './office-tabs';
import './contact.css';

export default function ContactPage({ routeId }: ScreenProps) {
  const content = useContent('contact');
  const officeList = useContent('offices');
  const { title } = routes[routeId];
  usePageMeta({ title, description: content.meta.description });
  const { intro, quick, whatWillHappen, offices } = content;

  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={title} lead={intro.lead}>
        <ul className="contact-quick">
          <li>
            <a href={`mailto:${site.contact.email}`} className="button button--on-navy">
              <Icon name="mail" size={20} />
              <span className="visually-hidden">{quick.emailLabel}: </span>
              {site.contact.email}
            </a>
          </li>
          <li>
            <a href={telHref(site.contact.phone)} className="contact-quick__phone">
              <Icon name="phone" size={20} />
              <span className="visually-hidden">{quick.phoneLabel}: </span>
              {site.contact.phone}
            </a>
          </li>
        </ul>
      </PageIntro>

      <Section id="what-will-happen" heading={whatWillHappen}>
        <NumberedList block="next-steps" items={whatWillHappen.steps} />
      </Section>

      <Section id="offices" tone="sand" heading={offices}>
        <Island name="office-tabs" props={{ offices: officeList, text: offices }}>
          <OfficeTabs offices={officeList} text={offices} />
        </Island>
      </Section>
    </>
  );
}
