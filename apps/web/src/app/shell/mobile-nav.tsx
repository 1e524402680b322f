import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from '@/lib/router';
import { Icon } from '@/components/icons';

// The panel (and the dialog code) is needed only on phones, once the Menu button is used.
const MobileNavSheet = lazy(() => import('./mobile-nav-sheet'));

/**
 * Below 800 px: a Menu button opens a slide-in panel (a modal sheet) with every link of the
 * main navigation.
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
    </div>
  );
}
