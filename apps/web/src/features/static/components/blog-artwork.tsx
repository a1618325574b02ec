import type { BlogArtwork as Artwork } from '@/features/static/content/blog-posts.ts';

/**
 * The blog cards' cover images, drawn as inline SVG so the page needs no image files and the
 * art always matches the site's palette. Decorative: the card's title carries the meaning.
 */
export function BlogArtwork({ kind, className }: { kind: Artwork; className?: string }) {
  return (
    <svg
      viewBox="0 0 400 225"
      aria-hidden="true"
      className={className}
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id={`bg-${kind}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={palette[kind][0]} />
          <stop offset="1" stopColor={palette[kind][1]} />
        </linearGradient>
        <radialGradient id={`glow-${kind}`} cx="0.8" cy="0.15" r="0.7">
          <stop offset="0" stopColor={palette[kind][2]} stopOpacity="0.55" />
          <stop offset="1" stopColor={palette[kind][2]} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="400" height="225" fill={`url(#bg-${kind})`} />
      <rect width="400" height="225" fill={`url(#glow-${kind})`} />
      <g opacity="0.12" stroke="#fff" strokeWidth="1">
        {[45, 90, 135, 180].map((y) => (
          <line key={y} x1="0" y1={y} x2="400" y2={y} />
        ))}
      </g>
      {kind === 'tax' ? <TaxArt /> : kind === 'stablecoin' ? <StablecoinArt /> : <KycArt />}
    </svg>
  );
}

/** [gradient start, gradient end, glow] per artwork. */
const palette: Record<Artwork, [string, string, string]> = {
  tax: ['#1b2440', '#3a2a12', '#f5b52e'],
  stablecoin: ['#0f2a2a', '#123a2f', '#2ebd85'],
  kyc: ['#161d3d', '#2a1c45', '#7c8cff'],
};

function TaxArt() {
  return (
    <g>
      <rect x="128" y="38" width="124" height="154" rx="10" fill="#0b0f19" opacity="0.85" />
      <rect x="146" y="62" width="64" height="8" rx="4" fill="#f5b52e" />
      {[86, 104, 122].map((y) => (
        <rect key={y} x="146" y={y} width="88" height="6" rx="3" fill="#9aa7bd" opacity="0.6" />
      ))}
      <text
        x="146"
        y="170"
        fill="#f5b52e"
        fontSize="34"
        fontWeight="700"
        fontFamily="Inter, sans-serif"
      >
        1%
      </text>
      <circle cx="292" cy="150" r="34" fill="#f5b52e" />
      <circle cx="292" cy="150" r="25" fill="none" stroke="#1a1305" strokeWidth="2" opacity="0.4" />
      <text
        x="292"
        y="162"
        textAnchor="middle"
        fill="#1a1305"
        fontSize="32"
        fontWeight="700"
        fontFamily="Inter, sans-serif"
      >
        ₹
      </text>
      <circle cx="318" cy="96" r="18" fill="#f5b52e" opacity="0.55" />
    </g>
  );
}

function StablecoinArt() {
  return (
    <g>
      <circle cx="140" cy="112" r="50" fill="#2ebd85" />
      <circle
        cx="140"
        cy="112"
        r="38"
        fill="none"
        stroke="#0b0f19"
        strokeWidth="2.5"
        opacity="0.35"
      />
      {/* Tether's mark: a T whose stem is crossed by a flat ring. */}
      <g fill="none" stroke="#0b0f19" strokeLinecap="round">
        <path d="M121 92h38M140 92v44" strokeWidth="9" />
        <ellipse cx="140" cy="108" rx="22" ry="6" strokeWidth="4" />
      </g>
      <circle cx="268" cy="112" r="50" fill="#f5b52e" />
      <circle
        cx="268"
        cy="112"
        r="38"
        fill="none"
        stroke="#1a1305"
        strokeWidth="2.5"
        opacity="0.35"
      />
      <text
        x="268"
        y="128"
        textAnchor="middle"
        fill="#1a1305"
        fontSize="46"
        fontWeight="700"
        fontFamily="Inter, sans-serif"
      >
        ₹
      </text>
      <path
        d="M194 98h20l-6-6M214 126h-20l6 6"
        fill="none"
        stroke="#e7ecf5"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

function KycArt() {
  return (
    <g>
      <rect x="108" y="56" width="184" height="114" rx="12" fill="#0b0f19" opacity="0.88" />
      <circle cx="152" cy="106" r="22" fill="#7c8cff" opacity="0.85" />
      <path d="M126 150c4-14 14-20 26-20s22 6 26 20" fill="#7c8cff" opacity="0.85" />
      {[90, 108, 126].map((y, i) => (
        <rect
          key={y}
          x="190"
          y={y}
          width={i === 0 ? 76 : 60}
          height="7"
          rx="3.5"
          fill="#9aa7bd"
          opacity="0.6"
        />
      ))}
      <path d="M300 132l26 10v18c0 16-11 26-26 32-15-6-26-16-26-32v-18z" fill="#2ebd85" />
      <path
        d="M289 163l8 8 15-16"
        fill="none"
        stroke="#0b0f19"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}
