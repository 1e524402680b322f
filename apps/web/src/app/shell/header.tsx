import { Link } from '@lumenfield/page-kit';
import { AppLink } from '@/components/app-link';
import { Logo } from '@/components/logo';
import { site } from '@/config/site';
import { routePath } from '@lumenfield/routes';
import { MegaMenu } from './mega-menu';
import { MobileNav } from './mobile-nav';
import './header.css';

export function Header() {
  return (
    <header className="site-header" id="site-header">
      <div className="container site-header__inner">
        <Link
          to={routePath('home')}
          className="site-header__brand"
          aria-label={`${site.brand.legalName}, home`}
        >
          <Logo />
        </Link>
        <MegaMenu />
        <AppLink to="contact" className="button button--primary site-header__cta">
          Talk to an expert
        </AppLink>
        <MobileNav />
      </div>
    </header>
  );
}
