import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from '@lumenfield/page-kit';
import { Icon } from '@/components/icons';
import { AppLink } from '@/components/app-link';
import { mainNavigation, type NavGroup } from '@lumenfield/routes';

// The panel (and the dialog code) is needed only on phones, once the Menu button is used.
const MobileNavSheet = lazy(() => import('./mobile-nav-sheet'));

/**
 * Below 800 px: a Menu button opens a slide-in panel (a modal sheet) with every link of the
 * main navigation. Without scripts the button is hidden and the same links are a disclosure the
 * browser opens by itself (StaticMenu).
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const location = useLocation();
  const lastKey = useRef(location.key);

  // Following a link closes the panel.
  useEffect(() => {
    if (lastKey.current !== location.key) {
      lastKey.current = location.key;
      setOpen(false);
    }
  }, [location.key]);

  return (
    <div className="mobile-nav">
      <button
        type="button"
        className="mobile-nav__toggle"
        aria-expanded={open}
        aria-controls="mobile-nav-panel"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Icon name="menu" size={22} />
        Menu
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
      <noscript>
        <StaticMenu />
      </noscript>
    </div>
  );
}

/**
 * The menu for a phone with scripts off: `<details>` elements open and close without code.
 * Inside `<noscript>`, so with scripts on the browser keeps it as text, nothing to lay out
 * (header.css shows it under `@media (scripting: none)`).
 */
function StaticMenu() {
  return (
    <details className="mobile-nav__static">
      <summary className="mobile-nav__summary">
        <Icon name="menu" size={22} />
        Menu
      </summary>
      <nav className="mobile-nav__static-panel" aria-label="Main">
        <ul className="mobile-nav__list">
          {mainNavigation.map((item) => (
            <li key={item.id}>
              {item.kind === 'link' ? (
                <AppLink to={item.route} className="mobile-nav__link">
                  {item.label}
                </AppLink>
              ) : (
                <details>
                  <summary className="mobile-nav__group">
                    {item.label}
                    <Icon name="chevronDown" size={18} className="mobile-nav__chevron" />
                  </summary>
                  <ul className="mobile-nav__sublist">
                    <SubLinks groups={item.groups} />
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/** A menu group's links, as items of its sublist (the sheet's and the no-script menu's). */
export function SubLinks({ groups }: { groups: readonly NavGroup[] }) {
  return groups.flatMap((group) =>
    group.links.map((link) => (
      <li key={link.route}>
        <AppLink to={link.route} className="mobile-nav__sublink">
          {link.label}
        </AppLink>
      </li>
    )),
  );
}
