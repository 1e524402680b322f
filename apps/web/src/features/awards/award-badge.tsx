import type { BadgeStyle } from '@lumenfield/site-content';

export interface AwardBadgeProps {
  style: BadgeStyle;
  text: string;
  year: number;
  /** What a screen reader hears for the picture. */
  label: string;
}

const palettes: Record<BadgeStyle, { base: string; ring: string; ink: string }> = {
  national: { base: '#0b1f3a', ring: '#2dd4bf', ink: '#ffffff' },
  regional: { base: '#0f766e', ring: '#f4f0e8', ink: '#ffffff' },
  ranking: { base: '#1d3a63', ring: '#2dd4bf', ink: '#ffffff' },
};

/** Our own drawing of an award badge: a seal, a ribbon or a shield, with its name and year. */
export function AwardBadge({ style, text, year, label }: AwardBadgeProps) {
  const { base, ring, ink } = palettes[style];
  return (
    <svg
      className="award-badge"
      width="128"
      height="128"
      viewBox="0 0 128 128"
      role="img"
      aria-label={label}
    >
      {style === 'national' ? (
        <>
          <path d="M40 92l-10 30 18-8 10 14 6-34zM88 92l10 30-18-8-10 14-6-34z" fill={ring} />
          <circle cx="64" cy="58" r="52" fill={base} />
          <circle
            cx="64"
            cy="58"
            r="44"
            fill="none"
            stroke={ring}
            strokeWidth="3"
            strokeDasharray="4 5"
          />
        </>
      ) : null}
      {style === 'regional' ? (
        <>
          <path d="M64 4l52 20v36c0 30-22 54-52 64C34 114 12 90 12 60V24z" fill={base} />
          <path
            d="M64 14l42 16v30c0 24-18 44-42 52-24-8-42-28-42-52V30z"
            fill="none"
            stroke={ring}
            strokeWidth="3"
          />
        </>
      ) : null}
      {style === 'ranking' ? (
        <>
          <rect
            x="10"
            y="10"
            width="108"
            height="108"
            rx="22"
            fill={base}
            transform="rotate(45 64 64)"
          />
          <rect
            x="22"
            y="22"
            width="84"
            height="84"
            rx="16"
            fill="none"
            stroke={ring}
            strokeWidth="3"
            transform="rotate(45 64 64)"
          />
        </>
      ) : null}
      <text
        x="64"
        y="52"
        textAnchor="middle"
        fill={ink}
        fontSize="11"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {text}
      </text>
      <text
        x="64"
        y="76"
        textAnchor="middle"
        fill={ring}
        fontSize="20"
        fontWeight="800"
        fontFamily="system-ui, sans-serif"
      >
        {year}
      </text>
    </svg>
  );
}
