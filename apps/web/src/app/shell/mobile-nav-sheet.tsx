import { useState } from 'react';
import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { Modal } from '@/components/modal';
import { mainNavigation } from '@lumenfield/routes';
import { SubLinks } from './mobile-nav';

/** The mobile menu's slide-in panel: every link of the main navigation, groups as disclosures. */
export default function MobileNavSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
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
                  <SubLinks groups={item.groups} />
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
    </Modal>
  );
}
