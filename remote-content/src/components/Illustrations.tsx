// Inline SVG illustrations: no image requests, themable through the CSS tokens (content.css).
import type { ReactNode } from 'react';

const HEART = 'M0 3.2C0-.6 4.9-1.9 6 1.4 7.1-1.9 12-.6 12 3.2 12 7 6 10.6 6 10.6S0 7 0 3.2Z';

/** A heart drawn around (x, y) at the given scale: the Wishlist mark. */
export function Heart({ x, y, scale = 1, className = 'content-svg-white' }: { x: number; y: number; scale?: number; className?: string }) {
  return <path d={HEART} className={className} transform={`translate(${x - 6 * scale} ${y - 5 * scale}) scale(${scale})`} />;
}

interface IllustrationProps {
  label: string;
  className?: string;
}

function Svg({ label, className, viewBox, children }: IllustrationProps & { viewBox: string; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      focusable="false"
      viewBox={viewBox}
      className={`content-illustration ${className ?? ''}`.trim()}
      xmlns="http://www.w3.org/2000/svg"
    >
      {children}
    </svg>
  );
}

export function RegisterIllustration(props: IllustrationProps) {
  return (
    <Svg {...props} viewBox="0 0 240 160">
      <rect x="16" y="14" width="208" height="132" rx="20" className="content-svg-soft" />
      <rect x="58" y="46" width="124" height="80" rx="8" className="content-svg-white content-svg-stroke" />
      <path d="M58 54 120 96 182 54" className="content-svg-stroke" fill="none" />
      <path d="M58 122 104 86M182 122 136 86" className="content-svg-stroke-muted" fill="none" />
      <rect x="92" y="28" width="56" height="14" rx="7" className="content-svg-primary" />
      <circle cx="182" cy="48" r="20" className="content-svg-accent" />
      <path d="m172 48 7 7 13-14" className="content-svg-check" fill="none" />
    </Svg>
  );
}

export function AddProductIllustration(props: IllustrationProps) {
  return (
    <Svg {...props} viewBox="0 0 240 160">
      <rect x="16" y="14" width="208" height="132" rx="20" className="content-svg-soft" />
      <rect x="34" y="28" width="156" height="108" rx="10" className="content-svg-white content-svg-stroke" />
      <path d="M34 48h156" className="content-svg-stroke" />
      <circle cx="46" cy="38" r="3" className="content-svg-muted" />
      <circle cx="56" cy="38" r="3" className="content-svg-muted" />
      <circle cx="66" cy="38" r="3" className="content-svg-muted" />
      <rect x="48" y="60" width="54" height="62" rx="6" className="content-svg-soft" />
      <path d="M62 82h26l-3 28H65Z" className="content-svg-accent" />
      <path d="M68 82v-5a7 7 0 0 1 14 0v5" className="content-svg-stroke" fill="none" />
      <rect x="112" y="64" width="64" height="8" rx="4" className="content-svg-muted" />
      <rect x="112" y="78" width="44" height="8" rx="4" className="content-svg-muted" />
      <rect x="112" y="98" width="34" height="12" rx="6" className="content-svg-primary" />
      <circle cx="194" cy="122" r="22" className="content-svg-primary" />
      <path d="M194 111v22M183 122h22" className="content-svg-plus" />
    </Svg>
  );
}

export function ShareIllustration(props: IllustrationProps) {
  return (
    <Svg {...props} viewBox="0 0 240 160">
      <rect x="16" y="14" width="208" height="132" rx="20" className="content-svg-soft" />
      <path d="M120 80 54 40M120 80 54 120M120 80h74" className="content-svg-stroke-dashed" fill="none" />
      <rect x="92" y="50" width="56" height="62" rx="8" className="content-svg-white content-svg-stroke" />
      <Heart x={120} y={66} scale={1.3} className="content-svg-primary" />
      <rect x="102" y="84" width="36" height="6" rx="3" className="content-svg-muted" />
      <rect x="102" y="96" width="26" height="6" rx="3" className="content-svg-muted" />
      {[
        [52, 40, 'content-svg-accent'],
        [52, 120, 'content-svg-primary'],
        [196, 80, 'content-svg-accent'],
      ].map(([cx, cy, cls]) => (
        <g key={`${cx}-${cy}`}>
          <circle cx={cx} cy={cy} r="19" className={String(cls)} />
          <circle cx={cx} cy={Number(cy) - 5} r="6" className="content-svg-white" />
          <path d={`M${Number(cx) - 10} ${Number(cy) + 12}a10 9 0 0 1 20 0Z`} className="content-svg-white" />
        </g>
      ))}
    </Svg>
  );
}

export function ExtensionIllustration(props: IllustrationProps) {
  return (
    <Svg {...props} viewBox="0 0 240 160">
      <rect x="8" y="10" width="224" height="140" rx="20" className="content-svg-soft" />
      <rect x="22" y="22" width="196" height="118" rx="10" className="content-svg-white content-svg-stroke" />
      <path d="M22 48h196" className="content-svg-stroke" />
      <rect x="34" y="29" width="120" height="12" rx="6" className="content-svg-surface" />
      <circle cx="172" cy="35" r="5" className="content-svg-muted" />
      <circle cx="196" cy="35" r="10" className="content-svg-primary" />
      <Heart x={196} y={35} scale={0.9} />
      <rect x="140" y="54" width="72" height="74" rx="8" className="content-svg-white content-svg-stroke-primary" />
      <rect x="148" y="62" width="26" height="26" rx="4" className="content-svg-soft" />
      <rect x="180" y="64" width="26" height="6" rx="3" className="content-svg-muted" />
      <rect x="180" y="76" width="18" height="6" rx="3" className="content-svg-muted" />
      <rect x="148" y="96" width="56" height="10" rx="5" className="content-svg-surface" />
      <rect x="148" y="112" width="56" height="10" rx="5" className="content-svg-primary" />
      <rect x="34" y="60" width="92" height="58" rx="6" className="content-svg-soft" />
      <rect x="34" y="124" width="60" height="6" rx="3" className="content-svg-muted" />
      <path d="m200 44 0 20 5-5 4 9 4-2-4-9h7Z" className="content-svg-cursor" />
    </Svg>
  );
}
