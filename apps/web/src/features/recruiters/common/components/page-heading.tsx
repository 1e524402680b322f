import { useEffect, useRef, type ReactNode } from 'react';
import { site } from '@/config/site';
import { useNavigationType } from '@lumenfield/page-kit';

export const CONSOLE_NAME = 'Recruiters';

/** "Openings · Recruiters · Lumenfield Technology Partners": each page's own tab title. */
export function useConsoleTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${CONSOLE_NAME} · ${site.brand.legalName}`;
  }, [title]);
}

/**
 * The page's h1, with its title in the tab. After an in-console navigation focus moves to it,
 * so a keyboard or screen-reader user starts reading the new page at its top.
 */
export function PageHeading({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  useConsoleTitle(title);
  const ref = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP') ref.current?.focus();
    // Only on arrival: a later re-render keeps focus where the user put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="rc-page-head">
      <div>
        <h1 ref={ref} tabIndex={-1}>
          {children ?? title}
        </h1>
      </div>
      {actions ? <div className="rc-page-head__actions">{actions}</div> : null}
    </div>
  );
}
