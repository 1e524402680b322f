import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { Modal } from '@/components/modal';
import { mainNavigation } from '@/config/navigation';

/**
 * Below 800 px: a Menu button opens a slide-in panel (a modal sheet) with every link of the
 * main navigation; groups fold open as disclosures.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
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
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" size={22} />
        Menu
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Menu"
        variant="sheet"
        closeLabel="Close menu"
        className="mobile-nav__sheet"
      >
        <nav id="mobile-nav-panel" aria-label="Main">
          <ul className="mobile-nav__list">
            {mainNavigation.map((item) =>
              item.kind === 'link' ? (
                <li key={item.id}>
                  <AppLink to={item.route} className="mobile-nav__link">
                    {item.label}
                  </AppLink>
                </li>
              ) : (
                <li key={item.id}>
                  <button
                    type="button"
                    className="mobile-nav__group"
                    aria-expanded={expanded === item.id}
                    aria-controls={`mobile-group-${item.id}`}
                    onClick={() => setExpanded((current) => (current === item.id ? null : item.id))}
                  >
                    {item.label}
                    <Icon name="chevronDown" size={18} className="mobile-nav__chevron" />
                  </button>
                  <ul
                    id={`mobile-group-${item.id}`}
                    className="mobile-nav__sublist"
                    hidden={expanded !== item.id}
                  >
                    {item.groups.flatMap((group) =>
                      group.links.map((link) => (
                        <li key={link.route}>
                          <AppLink to={link.route} className="mobile-nav__sublink">
                            {link.label}
                          </AppLink>
                        </li>
                      )),
                    )}
                  </ul>
                </li>
              ),
            )}
          </ul>
        </nav>
      </Modal>
    </div>
  );
}
