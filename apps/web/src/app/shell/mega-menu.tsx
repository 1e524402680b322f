import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from '@lumenfield/page-kit';
import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { mainNavigation, type NavGroup, type NavItem } from '@lumenfield/routes';
import { routePath } from '@lumenfield/routes';
import { useHoverIntent } from './hover-intent';

/**
 * The desktop mega menu: the WAI-ARIA disclosure navigation pattern. Each group is a button
 * with aria-expanded controlling its panel; Enter/Space toggle, ArrowDown opens and enters,
 * arrows move within a panel and along the bar, Escape closes and returns to the button.
 */
export function MegaMenu() {
  const [openId, setOpenId] = useState<string | null>(null);
  // The panels' links are drawn on first use (a pointer on the bar, focus in it): the page's
  // HTML carries them only for a browser without scripts (see PanelLinks).
  const [drawn, setDrawn] = useState(false);
  const draw = useCallback(() => setDrawn(true), []);
  const barRef = useRef<HTMLUListElement>(null);
  const location = useLocation();

  const open = useCallback((id: string) => {
    setDrawn(true);
    setOpenId(id);
  }, []);
  const close = useCallback(
    (id: string) => setOpenId((current) => (current === id ? null : current)),
    [],
  );
  const hover = useHoverIntent(open, close);

  // Any navigation closes the menu.
  useEffect(() => setOpenId(null), [location.key]);

  // The bar is on screen (prerendered) before the site has loaded: a mouse that came to rest
  // on a group meanwhile has no pointerenter left to send, so the group opens as it would have.
  const { onPointerEnter } = hover;
  useEffect(() => {
    if (!window.matchMedia('(hover: hover)').matches) return;
    const rested = barRef.current?.querySelector<HTMLElement>('[data-menu-id]:hover');
    if (!rested?.dataset.menuId) return;
    draw();
    onPointerEnter(rested.dataset.menuId);
  }, [onPointerEnter, draw]);

  // A click outside the bar closes it.
  useEffect(() => {
    if (!openId) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!barRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  const topLevel = () =>
    Array.from(barRef.current?.querySelectorAll<HTMLElement>('[data-top-level]') ?? []);
  const panelLinks = (id: string) =>
    Array.from(document.getElementById(panelId(id))?.querySelectorAll<HTMLElement>('a') ?? []);

  const moveAlongBar = (from: HTMLElement, delta: number | 'first' | 'last') => {
    const items = topLevel();
    const index = items.indexOf(from);
    const next =
      delta === 'first'
        ? 0
        : delta === 'last'
          ? items.length - 1
          : (index + delta + items.length) % items.length;
    items[next]?.focus();
  };

  const onTopKeyDown = (event: KeyboardEvent<HTMLElement>, item: NavItem) => {
    const target = event.currentTarget;
    switch (event.key) {
      case 'ArrowRight':
        event.preventDefault();
        moveAlongBar(target, 1);
        break;
      case 'ArrowLeft':
        event.preventDefault();
        moveAlongBar(target, -1);
        break;
      case 'Home':
        event.preventDefault();
        moveAlongBar(target, 'first');
        break;
      case 'End':
        event.preventDefault();
        moveAlongBar(target, 'last');
        break;
      case 'ArrowDown':
        if (item.kind === 'menu') {
          event.preventDefault();
          hover.cancel(item.id);
          open(item.id);
          // The panel becomes visible on the next frame; focus its first link then.
          requestAnimationFrame(() => panelLinks(item.id)[0]?.focus());
        }
        break;
      case 'Escape':
        if (openId) {
          event.preventDefault();
          setOpenId(null);
        }
        break;
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>, id: string) => {
    const links = panelLinks(id);
    const index = links.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => links[(i + links.length) % links.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(links.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        setOpenId(null);
        document.getElementById(buttonId(id))?.focus();
        break;
    }
  };

  return (
    <nav className="mega" aria-label="Main">
      <ul className="mega__bar" ref={barRef}>
        {mainNavigation.map((item) =>
          item.kind === 'link' ? (
            <li key={item.id} className="mega__item">
              <NavLink
                to={routePath(item.route)}
                className="mega__top"
                data-top-level=""
                onKeyDown={(event) => onTopKeyDown(event, item)}
              >
                {item.label}
              </NavLink>
            </li>
          ) : (
            <li
              key={item.id}
              data-menu-id={item.id}
              className={`mega__item${openId === item.id ? ' is-open' : ''}`}
              onPointerEnter={(event) => {
                if (event.pointerType !== 'mouse') return;
                // Drawn now, so the panel is there to fade in when the hover intent opens it.
                draw();
                hover.onPointerEnter(item.id);
              }}
              onFocus={draw}
              onPointerLeave={(event) =>
                event.pointerType === 'mouse' && hover.onPointerLeave(item.id)
              }
              onBlur={(event) => {
                // Tabbing out of an open group closes it.
                if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                  close(item.id);
              }}
            >
              <button
                type="button"
                id={buttonId(item.id)}
                className="mega__top"
                data-top-level=""
                aria-expanded={openId === item.id}
                aria-controls={panelId(item.id)}
                onClick={() => {
                  hover.cancel(item.id);
                  setDrawn(true);
                  setOpenId((current) => (current === item.id ? null : item.id));
                }}
                onKeyDown={(event) => onTopKeyDown(event, item)}
              >
                {item.label}
                <Icon name="chevronDown" size={16} className="mega__chevron" />
              </button>
              <div
                id={panelId(item.id)}
                className={`mega__panel mega__panel--cols-${item.groups.length}`}
                onKeyDown={(event) => onPanelKeyDown(event, item.id)}
              >
                {drawn ? (
                  <PanelLinks groups={item.groups} />
                ) : (
                  <noscript>
                    <PanelLinks groups={item.groups} noScript />
                  </noscript>
                )}
              </div>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * A panel's groups of links. Until the menu is first used they are in the page only inside
 * `<noscript>`: with scripts on, the browser keeps that as text (nothing to lay out before the
 * page's own content); with scripts off, they are the panel, shown while its group is hovered
 * or holds focus (header.css, `.mega__static`), so every page stays reachable.
 */
function PanelLinks({
  groups,
  noScript = false,
}: {
  groups: readonly NavGroup[];
  noScript?: boolean;
}) {
  const links = groups.map((group) => (
    <div key={group.heading} className="mega__group">
      <p className="mega__heading">{group.heading}</p>
      <ul className="mega__links">
        {group.links.map((link) => (
          <li key={link.route}>
            <AppLink to={link.route} className="mega__link">
              <span className="mega__link-label">{link.label}</span>
              {link.description ? (
                <span className="mega__link-desc">{link.description}</span>
              ) : null}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  ));
  return noScript ? <div className="mega__static">{links}</div> : <>{links}</>;
}

const panelId = (id: string) => `mega-panel-${id}`;
const buttonId = (id: string) => `mega-button-${id}`;
