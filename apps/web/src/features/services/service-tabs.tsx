import { useLayoutEffect, useRef } from 'react';
import { AppLink } from '@/components/app-link';
import type { RouteId } from '@lumenfield/routes';
import type { ServiceFamily } from './service-families';

export interface ServiceTabsProps {
  family: ServiceFamily;
  label: string;
  current: RouteId;
}

/**
 * The tab strip of the current service family. The tabs are links (each is its own page), so
 * the current one is marked with aria-current="page" rather than the ARIA tabs pattern.
 */
export function ServiceTabs({ family, label, current }: ServiceTabsProps) {
  const listRef = useRef<HTMLUListElement>(null);

  // On phones the strip scrolls sideways: bring the current tab into view without moving the page.
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
  }, [current]);

  return (
    <nav className="service-tabs" aria-label={label}>
      <div className="container service-tabs__inner">
        <p className="service-tabs__family" aria-hidden="true">
          {family.heading}
        </p>
        <ul className="service-tabs__list" ref={listRef}>
          {family.links.map((link) => {
            const isCurrent = link.route === current;
            return (
              <li key={link.route}>
                <AppLink
                  to={link.route}
                  className={`service-tabs__tab${isCurrent ? ' service-tabs__tab--current' : ''}`}
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {link.label}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
