import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { Logo } from '@/components/logo';
import { footerQuickLinks } from '@lumenfield/routes';
import { site, telHref } from '@/config/site';
import { useContent } from '@/lib/site-content';
import './footer.css';

export function Footer() {
  const offices = useContent('offices');
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" id="site-footer">
      <div className="container">
        <div className="site-footer__top">
          <div className="site-footer__brand">
            <Logo inverted />
            <p className="site-footer__tagline">{site.brand.tagline}</p>
            <ul className="site-footer__social" aria-label="Social media">
              {site.social.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="site-footer__social-link"
                  >
                    <Icon name={link.network} size={22} title={link.label} />
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <nav className="site-footer__col" aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className="site-footer__heading">
              Quick links
            </h2>
            <ul className="site-footer__list">
              {footerQuickLinks.map((link) => (
                <li key={link.route}>
                  <AppLink to={link.route}>{link.label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="site-footer__col site-footer__offices">
            <h2 className="site-footer__heading">Offices</h2>
            <ul className="site-footer__list">
              {offices.map((office) => (
                <li key={office.id} className="site-footer__office">
                  <span className="site-footer__office-name">{office.name}</span>
                  <span>{office.addressLines.slice(0, 2).join(', ')}</span>
                  {office.phones.slice(0, 1).map(({ number }) => (
                    <a key={number} href={telHref(number)}>
                      {number}
                    </a>
                  ))}
                </li>
              ))}
            </ul>
          </div>

          <div className="site-footer__col">
            <h2 className="site-footer__heading">Get in touch</h2>
            <ul className="site-footer__list">
              <li>
                <a href={`mailto:${site.contact.email}`} className="site-footer__contact">
                  <Icon name="mail" size={18} />
                  {site.contact.email}
                </a>
              </li>
              <li>
                <a href={telHref(site.contact.phone)} className="site-footer__contact">
                  <Icon name="phone" size={18} />
                  {site.contact.phone}
                </a>
              </li>
            </ul>
          </div>
        </div>

        <div className="site-footer__partners">
          <h2 className="site-footer__heading">Partners</h2>
          <ul className="tile-grid site-footer__partner-list">
            {site.partners.map((partner) => (
              <li key={partner.name} className="site-footer__partner">
                <span className="site-footer__partner-name">{partner.name}</span>
                <span className="site-footer__partner-programme">{partner.programme}</span>
              </li>
            ))}
          </ul>
        </div>

        <div className="site-footer__bottom">
          {/* The page is prerendered at build time: the visitor's year replaces the build's. */}
          <p suppressHydrationWarning>
            © {year} {site.brand.legalName}. All rights reserved.
          </p>
          <AppLink to="privacyPolicy">Privacy Policy</AppLink>
        </div>
      </div>
    </footer>
  );
}
