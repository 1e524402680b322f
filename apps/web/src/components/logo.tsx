import { site } from '@/config/site';
import './logo.css';

/** The Lumenfield mark: a navy tile, an L and a teal point of light. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={`logo${inverted ? ' logo--inverted' : ''}`}>
      <svg width="36" height="36" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill={inverted ? '#ffffff' : '#0b1f3a'} />
        <path d="M9 7h4v14h10v4H9z" fill={inverted ? '#0b1f3a' : '#ffffff'} />
        <circle cx="23" cy="10" r="3.2" fill="#14b8a6" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">{site.brand.name}</span>
        <span className="logo__sub">Technology Partners</span>
      </span>
    </span>
  );
}
