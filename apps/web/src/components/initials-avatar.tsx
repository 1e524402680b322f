import './initials-avatar.css';

export interface InitialsAvatarProps {
  name: string;
  size?: number;
  /** Varies the background so a row of people does not look like one repeated tile. */
  tone?: number;
}

const tones = [
  ['#0b1f3a', '#2dd4bf'],
  ['#0f766e', '#ffffff'],
  ['#1d3a63', '#f4f0e8'],
  ['#13294b', '#2dd4bf'],
] as const;

/** The first letters of a person's first and last name. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** A person's portrait as our own drawing: initials on a geometric tile, named for screen readers. */
export function InitialsAvatar({ name, size = 96, tone = 0 }: InitialsAvatarProps) {
  const [background, accent] = tones[Math.abs(tone) % tones.length] ?? tones[0];
  return (
    <svg
      className="initials-avatar"
      width={size}
      height={size}
      viewBox="0 0 96 96"
      role="img"
      aria-label={`Portrait of ${name}`}
    >
      <rect width="96" height="96" rx="48" fill={background} />
      <path d="M96 60A48 48 0 0 1 60 96L96 96z" fill={accent} opacity="0.35" />
      <circle cx="76" cy="20" r="7" fill={accent} opacity="0.9" />
      <text
        x="48"
        y="50"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#ffffff"
        fontSize="34"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
