/** Our own hero illustration: a network of nodes on a navy field, teal for the live paths. */
export function HeroArt({ label }: { label: string }) {
  const nodes: readonly [number, number, number][] = [
    [60, 70, 10],
    [190, 40, 7],
    [300, 110, 12],
    [110, 190, 8],
    [240, 220, 14],
    [380, 60, 6],
    [370, 250, 9],
    [60, 300, 7],
    [180, 330, 10],
    [320, 350, 6],
  ];
  const links: readonly [number, number][] = [
    [0, 1],
    [1, 2],
    [0, 3],
    [3, 4],
    [2, 4],
    [2, 5],
    [4, 6],
    [3, 7],
    [7, 8],
    [8, 4],
    [8, 9],
    [6, 9],
  ];
  const live = new Set([1, 4, 7, 10]);
  return (
    <svg
      className="hero-art"
      width="440"
      height="400"
      viewBox="0 0 440 400"
      role="img"
      aria-label={label}
    >
      <defs>
        <clipPath id="hero-art-tile">
          <rect x="20" y="20" width="400" height="360" rx="28" />
        </clipPath>
      </defs>
      <rect x="20" y="20" width="400" height="360" rx="28" fill="#13294b" />
      <circle
        clipPath="url(#hero-art-tile)"
        cx="330"
        cy="300"
        r="120"
        fill="none"
        stroke="#2dd4bf"
        strokeOpacity="0.12"
        strokeWidth="40"
      />
      {links.map(([a, b], index) => {
        const [x1, y1] = nodes[a] ?? [0, 0];
        const [x2, y2] = nodes[b] ?? [0, 0];
        return (
          <line
            key={`${a}-${b}`}
            x1={x1 + 10}
            y1={y1 + 10}
            x2={x2 + 10}
            y2={y2 + 10}
            stroke={live.has(index) ? '#2dd4bf' : '#c7d2e3'}
            strokeOpacity={live.has(index) ? 0.9 : 0.35}
            strokeWidth={live.has(index) ? 3 : 2}
          />
        );
      })}
      {nodes.map(([x, y, r], index) => (
        <circle
          key={index}
          cx={x + 10}
          cy={y + 10}
          r={r}
          fill={index % 3 === 1 ? '#2dd4bf' : '#ffffff'}
          stroke="#0b1f3a"
          strokeWidth="3"
        />
      ))}
      <rect x="250" y="150" width="120" height="44" rx="10" fill="#ffffff" />
      <rect x="264" y="164" width="56" height="6" rx="3" fill="#0b1f3a" />
      <rect x="264" y="176" width="88" height="6" rx="3" fill="#0f766e" />
    </svg>
  );
}
