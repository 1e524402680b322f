import type { ReactNode } from 'react';
import type { IndustryPageId } from '@lumenfield/site-content';

/** One abstract illustration per industry: a sheltered home, balanced columns, a live network. */
const art: Record<IndustryPageId, ReactNode> = {
  industries: (
    <>
      <g className="art-line" fill="none" strokeWidth="2">
        <path d="M30 250a170 170 0 0 1 340 0" />
        <path d="M70 250a130 130 0 0 1 260 0" />
        <path d="M20 250h360" />
      </g>
      <path className="art-fill" d="M110 250a90 90 0 0 1 180 0z" />
      <path
        className="art-accent-line"
        fill="none"
        strokeWidth="4"
        d="M110 250a90 90 0 0 1 180 0"
      />
      <path className="art-light" d="M168 250v-44l32-26 32 26v44z" />
      <rect className="art-accent" x="190" y="222" width="20" height="28" />
      <g className="art-accent">
        <circle cx="60" cy="60" r="4" />
        <circle cx="84" cy="60" r="4" />
        <circle cx="108" cy="60" r="4" />
        <circle cx="60" cy="84" r="4" />
        <circle cx="84" cy="84" r="4" />
        <circle cx="60" cy="108" r="4" />
      </g>
      <circle className="art-line" fill="none" strokeWidth="2" cx="330" cy="60" r="26" />
      <circle className="art-accent" cx="330" cy="60" r="9" />
    </>
  ),
  industriesLegal: (
    <>
      <g className="art-line" fill="none" strokeWidth="2">
        <path d="M200 40v200M120 240h160M60 90h280" />
        <path d="M60 90l-40 80a40 20 0 0 0 80 0zM340 90l-40 80a40 20 0 0 0 80 0z" />
      </g>
      <path className="art-fill" d="M20 170a40 20 0 0 0 80 0zM300 170a40 20 0 0 0 80 0z" />
      <circle className="art-accent" cx="200" cy="40" r="12" />
      <rect className="art-light" x="170" y="120" width="60" height="120" rx="4" />
      <g className="art-fill">
        <rect x="182" y="132" width="8" height="96" />
        <rect x="196" y="132" width="8" height="96" />
        <rect x="210" y="132" width="8" height="96" />
      </g>
      <rect className="art-accent" x="120" y="244" width="160" height="8" rx="4" />
    </>
  ),
  industriesManlog: (
    <>
      <path
        className="art-line"
        fill="none"
        strokeWidth="2"
        strokeDasharray="8 8"
        d="M30 230C110 230 110 150 190 150S270 70 370 70"
      />
      <path
        className="art-fill"
        d="M200 40l69 40v80l-69 40-69-40V80z"
        transform="translate(0 20)"
      />
      <path
        className="art-accent-line"
        fill="none"
        strokeWidth="3"
        d="M200 40l69 40v80l-69 40-69-40V80z"
        transform="translate(0 20)"
      />
      <path className="art-accent" d="M210 92l-36 44h24l-8 36 36-46h-24z" />
      <circle className="art-light" cx="30" cy="230" r="12" />
      <circle className="art-accent" cx="370" cy="70" r="12" />
      <g className="art-line" fill="none" strokeWidth="2">
        <rect x="40" y="40" width="56" height="36" rx="4" />
        <path d="M96 52h18l12 12v12H96" />
        <circle cx="318" cy="220" r="28" />
        <path d="M318 192v-10M318 258v-10M290 220h-10M356 220h-10" />
      </g>
    </>
  ),
};

export function IndustryArt({ page }: { page: IndustryPageId }) {
  return (
    <svg
      className="industry-art"
      width="400"
      height="280"
      viewBox="0 0 400 280"
      aria-hidden="true"
      focusable="false"
    >
      {art[page]}
    </svg>
  );
}
