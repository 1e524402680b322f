import { useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '@/components/icons';
import { telHref } from '@/config/site';
import type { Office, OfficeTabsText } from '@lumenfield/site-content';
import { useInBrowser } from '@/lib/use-in-browser';
import { osmEmbedUrl, osmPageUrl } from './office-map';

export interface OfficeTabsProps {
  offices: readonly Office[];
  text: OfficeTabsText;
}

/**
 * The offices as WAI-ARIA tabs (automatic activation; arrows, Home and End move between
 * tabs). A tab's map is created the first time its tab is shown and then kept, so switching
 * back does not reload it and unseen maps never load at all.
 *
 * The maps are the browser's own drawing, never the server's: on the contact page the island
 * hydrates when the offices come into view (src/app/islands.tsx), so no map frame is requested
 * before the page has painted. The page's HTML carries the first map only inside `<noscript>`,
 * for a browser without scripts.
 */
export function OfficeTabs({ offices, text }: OfficeTabsProps) {
  const [selected, setSelected] = useState(0);
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const inBrowser = useInBrowser();

  const select = (index: number, focus: boolean) => {
    setSelected(index);
    setShown((previous) => (previous.has(index) ? previous : new Set(previous).add(index)));
    if (focus) tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = offices.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <div className="office-tabs">
      <div role="tablist" aria-label={text.tabListLabel} className="office-tabs__list">
        {offices.map((office, index) => (
          <button
            key={office.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`office-tab-${office.id}`}
            aria-controls={`office-panel-${office.id}`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            className="office-tabs__tab"
            onClick={() => select(index, false)}
            onKeyDown={onKeyDown}
          >
            {office.country}
          </button>
        ))}
      </div>

      {offices.map((office, index) => {
        const mapTitle = text.mapTitle.replace('{office}', office.name);
        return (
          <div
            key={office.id}
            role="tabpanel"
            id={`office-panel-${office.id}`}
            aria-labelledby={`office-tab-${office.id}`}
            tabIndex={0}
            hidden={index !== selected}
            className="office-tabs__panel"
          >
            <div className="office-card">
              <h3 className="office-card__name">{office.name}</h3>
              <dl className="office-card__details">
                <div className="office-card__row">
                  <dt>
                    <Icon name="mapPin" size={20} />
                    {text.addressHeading}
                  </dt>
                  <dd>
                    <address>
                      {office.addressLines.map((line) => (
                        <span key={line} className="office-card__line">
                          {line}
                        </span>
                      ))}
                    </address>
                  </dd>
                </div>
                <div className="office-card__row">
                  <dt>
                    <Icon name="phone" size={20} />
                    {text.phonesHeading}
                  </dt>
                  <dd>
                    {office.phones.map((phone) => (
                      <span key={phone.number} className="office-card__line">
                        {phone.label}: <a href={telHref(phone.number)}>{phone.number}</a>
                      </span>
                    ))}
                  </dd>
                </div>
                <div className="office-card__row">
                  <dt>
                    <Icon name="mail" size={20} />
                    {text.emailHeading}
                  </dt>
                  <dd>
                    <a href={`mailto:${office.email}`}>{office.email}</a>
                  </dd>
                </div>
                <div className="office-card__row">
                  <dt>
                    <Icon name="clock" size={20} />
                    {text.hoursHeading}
                  </dt>
                  <dd>
                    {office.hours} {text.timeZoneNote}
                  </dd>
                </div>
              </dl>
              <a
                href={osmPageUrl(office.map)}
                target="_blank"
                rel="noopener noreferrer"
                className="office-card__map-link"
              >
                {text.mapLinkLabel}
                <span className="visually-hidden">: {mapTitle}</span>
                <Icon name="externalLink" size={16} />
              </a>
            </div>
            <div className="office-map">
              {/* Sits under the frame: what shows while the map loads or if it is blocked. */}
              <div className="office-map__placeholder" aria-hidden="true">
                <Icon name="mapPin" size={36} />
                <span>{office.addressLines.slice(0, 2).join(', ')}</span>
              </div>
              {inBrowser ? (
                shown.has(index) ? (
                  <OfficeMap title={mapTitle} src={osmEmbedUrl(office.map)} />
                ) : null
              ) : index === selected ? (
                <noscript>
                  <OfficeMap title={mapTitle} src={osmEmbedUrl(office.map)} />
                </noscript>
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function OfficeMap({ title, src }: { title: string; src: string }) {
  return (
    <iframe
      title={title}
      src={src}
      width="100%"
      height="450"
      loading="lazy"
      className="office-map__frame"
    />
  );
}
