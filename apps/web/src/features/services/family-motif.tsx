import { useId, type ReactNode } from 'react';
import type { FamilyMotif } from './service-families';

/** Each family's abstract motif: protective arcs, classical columns, a network of nodes. */
const heroArt: Record<FamilyMotif, ReactNode> = {
  insurance: (
    <>
      <g className="motif-line" fill="none" strokeWidth="2">
        <path d="M40 210a140 140 0 0 1 280 0" />
        <path d="M70 210a110 110 0 0 1 220 0" />
        <path d="M100 210a80 80 0 0 1 160 0" />
        <path d="M30 210h300" />
      </g>
      <path className="motif-fill" d="M130 210a50 50 0 0 1 100 0z" />
      <path
        className="motif-accent-line"
        fill="none"
        strokeWidth="4"
        d="M150 210a30 30 0 0 1 60 0"
      />
      <circle className="motif-accent" cx="180" cy="210" r="8" />
      <g className="motif-accent">
        <circle cx="40" cy="40" r="3" />
        <circle cx="60" cy="40" r="3" />
        <circle cx="80" cy="40" r="3" />
        <circle cx="40" cy="60" r="3" />
        <circle cx="60" cy="60" r="3" />
        <circle cx="40" cy="80" r="3" />
      </g>
      <path
        className="motif-line"
        fill="none"
        strokeWidth="2"
        d="M300 30l28 10v22c0 16-12 28-28 32-16-4-28-16-28-32V40z"
      />
    </>
  ),
  legal: (
    <>
      <path className="motif-fill" d="M50 78L180 24l130 54z" />
      <path className="motif-line" fill="none" strokeWidth="2" d="M50 78L180 24l130 54z" />
      <rect
        className="motif-line"
        fill="none"
        strokeWidth="2"
        x="50"
        y="86"
        width="260"
        height="12"
      />
      <g className="motif-line" fill="none" strokeWidth="2">
        <rect x="72" y="106" width="22" height="88" />
        <rect x="124" y="106" width="22" height="88" />
        <rect x="214" y="106" width="22" height="88" />
        <rect x="266" y="106" width="22" height="88" />
        <path d="M40 202h280M30 214h300" />
      </g>
      <rect className="motif-accent" x="169" y="106" width="22" height="88" />
      <circle className="motif-accent" cx="180" cy="56" r="7" />
    </>
  ),
  enterprise: (
    <>
      <g className="motif-line" fill="none" strokeWidth="2">
        <path d="M60 60L150 40L240 80L310 50M60 60L100 150L190 130L240 80M190 130L280 180L310 50M100 150L150 210L280 180M150 40L190 130" />
      </g>
      <g className="motif-fill">
        <circle cx="60" cy="60" r="14" />
        <circle cx="150" cy="40" r="10" />
        <circle cx="310" cy="50" r="12" />
        <circle cx="100" cy="150" r="12" />
        <circle cx="150" cy="210" r="10" />
        <circle cx="280" cy="180" r="14" />
      </g>
      <g className="motif-line" fill="none" strokeWidth="2">
        <circle cx="60" cy="60" r="14" />
        <circle cx="150" cy="40" r="10" />
        <circle cx="310" cy="50" r="12" />
        <circle cx="100" cy="150" r="12" />
        <circle cx="150" cy="210" r="10" />
        <circle cx="280" cy="180" r="14" />
      </g>
      <circle className="motif-accent" cx="190" cy="130" r="18" />
      <circle className="motif-accent" cx="240" cy="80" r="8" />
    </>
  ),
};

/** The family's large motif beside the page title. Decorative. */
export function FamilyMotifArt({ motif }: { motif: FamilyMotif }) {
  return (
    <svg
      className={`family-motif family-motif--${motif}`}
      width="360"
      height="240"
      viewBox="0 0 360 240"
      aria-hidden="true"
      focusable="false"
    >
      {heroArt[motif]}
    </svg>
  );
}

/** A repeating strip of the family's motif, for panels on every screen width. Decorative. */
export function FamilyMotifBand({ motif }: { motif: FamilyMotif }) {
  const id = `motif-${motif}-${useId().replace(/:/g, '')}`;
  return (
    <svg
      className="family-band"
      width="100%"
      height="56"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="none"
    >
      <defs>
        {motif === 'insurance' ? (
          <pattern id={id} width="48" height="56" patternUnits="userSpaceOnUse">
            <path className="motif-line" fill="none" strokeWidth="2" d="M4 52a20 20 0 0 1 40 0" />
            <path
              className="motif-accent-line"
              fill="none"
              strokeWidth="2"
              d="M14 52a10 10 0 0 1 20 0"
            />
          </pattern>
        ) : motif === 'legal' ? (
          <pattern id={id} width="28" height="56" patternUnits="userSpaceOnUse">
            <rect
              className="motif-line"
              fill="none"
              strokeWidth="2"
              x="8"
              y="14"
              width="10"
              height="34"
            />
            <path className="motif-accent-line" strokeWidth="2" d="M0 8h28M0 52h28" />
          </pattern>
        ) : (
          <pattern id={id} width="64" height="56" patternUnits="userSpaceOnUse">
            <path className="motif-line" fill="none" strokeWidth="2" d="M0 40L20 16L44 36L64 40" />
            <circle className="motif-accent" cx="20" cy="16" r="5" />
            <circle className="motif-fill motif-line" strokeWidth="2" cx="44" cy="36" r="6" />
          </pattern>
        )}
      </defs>
      <rect width="100%" height="56" fill={`url(#${id})`} />
    </svg>
  );
}
