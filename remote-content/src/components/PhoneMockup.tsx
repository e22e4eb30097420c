// Phone mockups for the Android how-to, drawn inline (no video, no image requests).
import type { ReactNode } from 'react';
import { Heart } from './Illustrations';

export type PhoneScreen = 'install' | 'product' | 'share' | 'shareSheet' | 'form' | 'save';

export interface PhoneLabels {
  share: string;
  wishlist: string;
  save: string;
  list: string;
  price: string;
  install: string;
}

function ProductPage({ labels, highlightShare = false }: { labels: PhoneLabels; highlightShare?: boolean }) {
  return (
    <g>
      <rect x="20" y="40" width="160" height="30" className="content-svg-surface" />
      <rect x="28" y="47" width="110" height="16" rx="8" className="content-svg-white" />
      <rect x="36" y="53" width="64" height="4" rx="2" className="content-svg-muted" />
      {/* share icon: three dots joined */}
      <g className={highlightShare ? 'content-svg-stroke-primary' : 'content-svg-stroke-muted'} fill="none">
        <path d="m153 55 10-6m-10 6 10 6" />
      </g>
      <circle cx="152" cy="55" r="3" className={highlightShare ? 'content-svg-primary' : 'content-svg-muted'} />
      <circle cx="164" cy="48" r="3" className={highlightShare ? 'content-svg-primary' : 'content-svg-muted'} />
      <circle cx="164" cy="62" r="3" className={highlightShare ? 'content-svg-primary' : 'content-svg-muted'} />
      {highlightShare && (
        <>
          <circle cx="158" cy="55" r="15" className="content-svg-ring" fill="none" />
          <circle cx="166" cy="66" r="9" className="content-svg-touch" />
        </>
      )}
      <rect x="32" y="82" width="136" height="118" rx="8" className="content-svg-soft" />
      <path d="M82 118h36l-5 56H87Z" className="content-svg-accent" />
      <path d="M91 118v-8a9 9 0 0 1 18 0v8" className="content-svg-stroke" fill="none" />
      <rect x="32" y="212" width="120" height="9" rx="4.5" className="content-svg-text" />
      <rect x="32" y="228" width="84" height="7" rx="3.5" className="content-svg-muted" />
      <text x="32" y="262" className="content-svg-price">
        {labels.price}
      </text>
      <rect x="32" y="300" width="136" height="28" rx="14" className="content-svg-dark" />
    </g>
  );
}

function WishlistBar({ labels }: { labels: PhoneLabels }) {
  return (
    <g>
      <rect x="20" y="40" width="160" height="34" className="content-svg-primary" />
      <Heart x={36} y={57} scale={1.1} />
      <text x="48" y="62" className="content-svg-bar-text">
        {labels.wishlist}
      </text>
    </g>
  );
}

const SHEET_APPS = ['content-svg-app1', 'content-svg-app2', 'content-svg-app3', 'wishlist', 'content-svg-app2', 'content-svg-app3', 'content-svg-app1', 'content-svg-app2'];

function Screen({ screen, labels }: { screen: PhoneScreen; labels: PhoneLabels }): ReactNode {
  switch (screen) {
    case 'product':
      return <ProductPage labels={labels} />;
    case 'share':
      return <ProductPage labels={labels} highlightShare />;
    case 'shareSheet':
      return (
        <g>
          <ProductPage labels={labels} />
          <rect x="20" y="40" width="160" height="312" className="content-svg-scrim" />
          <rect x="20" y="196" width="160" height="156" rx="14" className="content-svg-white" />
          <rect x="86" y="203" width="28" height="4" rx="2" className="content-svg-muted" />
          <text x="32" y="228" className="content-svg-sheet-title">
            {labels.share}
          </text>
          {SHEET_APPS.map((cls, i) => {
            const cx = 42 + (i % 4) * 39;
            const cy = 258 + Math.floor(i / 4) * 52;
            return cls === 'wishlist' ? (
              <g key={i}>
                <circle cx={cx} cy={cy} r="20" className="content-svg-ring" fill="none" />
                <circle cx={cx} cy={cy} r="14" className="content-svg-primary" />
                <Heart x={cx} y={cy} scale={1.1} />
                <text x={cx} y={cy + 30} textAnchor="middle" className="content-svg-caption-strong">
                  {labels.wishlist}
                </text>
              </g>
            ) : (
              <g key={i}>
                <circle cx={cx} cy={cy} r="14" className={cls} />
                <rect x={cx - 12} y={cy + 22} width="24" height="5" rx="2.5" className="content-svg-muted" />
              </g>
            );
          })}
        </g>
      );
    case 'form':
      return (
        <g>
          <WishlistBar labels={labels} />
          <rect x="32" y="88" width="50" height="6" rx="3" className="content-svg-muted" />
          <rect x="32" y="100" width="136" height="26" rx="6" className="content-svg-white content-svg-stroke-muted" />
          <rect x="40" y="110" width="96" height="7" rx="3.5" className="content-svg-text" />
          <rect x="32" y="138" width="36" height="6" rx="3" className="content-svg-muted" />
          <rect x="32" y="150" width="80" height="26" rx="6" className="content-svg-white content-svg-stroke-muted" />
          <text x="40" y="168" className="content-svg-field-text">
            {labels.price}
          </text>
          {[0, 1, 2, 3, 4, 5].map((i) => {
            const x = 32 + (i % 3) * 47;
            const y = 192 + Math.floor(i / 3) * 50;
            return (
              <g key={i}>
                <rect x={x} y={y} width="42" height="42" rx="6" className={i === 0 ? 'content-svg-soft content-svg-stroke-primary' : 'content-svg-surface'} />
                {i === 0 && (
                  <>
                    <path d={`M${x + 13} ${y + 16}h16l-3 18h-10Z`} className="content-svg-accent" />
                    <circle cx={x + 36} cy={y + 6} r="8" className="content-svg-primary" />
                    <path d={`m${x + 32} ${y + 6} 3 3 5-5`} className="content-svg-check-small" fill="none" />
                  </>
                )}
              </g>
            );
          })}
          <rect x="32" y="300" width="136" height="28" rx="14" className="content-svg-surface" />
        </g>
      );
    case 'save':
      return (
        <g>
          <WishlistBar labels={labels} />
          <rect x="32" y="92" width="136" height="60" rx="8" className="content-svg-surface" />
          <rect x="40" y="100" width="44" height="44" rx="6" className="content-svg-soft" />
          <path d="M53 114h18l-3 22H56Z" className="content-svg-accent" />
          <rect x="92" y="108" width="64" height="7" rx="3.5" className="content-svg-text" />
          <text x="92" y="136" className="content-svg-field-text">
            {labels.price}
          </text>
          <rect x="32" y="172" width="40" height="6" rx="3" className="content-svg-muted" />
          <rect x="32" y="184" width="136" height="30" rx="6" className="content-svg-white content-svg-stroke-primary" />
          <text x="42" y="204" className="content-svg-field-text">
            {labels.list}
          </text>
          <path d="m150 196 5 5 5-5" className="content-svg-stroke" fill="none" />
          <circle cx="100" cy="252" r="20" className="content-svg-accent" />
          <path d="m90 252 7 7 13-14" className="content-svg-check" fill="none" />
          <rect x="32" y="298" width="136" height="32" rx="16" className="content-svg-primary" />
          <text x="100" y="319" textAnchor="middle" className="content-svg-button-text">
            {labels.save}
          </text>
          <circle cx="130" cy="320" r="9" className="content-svg-touch" />
        </g>
      );
    case 'install':
      return (
        <g>
          <rect x="20" y="40" width="160" height="30" className="content-svg-surface" />
          <rect x="28" y="47" width="144" height="16" rx="8" className="content-svg-white" />
          <rect x="32" y="88" width="56" height="56" rx="14" className="content-svg-primary" />
          <Heart x={60} y={116} scale={2.4} />
          <text x="98" y="108" className="content-svg-field-text">
            {labels.wishlist}
          </text>
          <rect x="98" y="118" width="60" height="6" rx="3" className="content-svg-muted" />
          <rect x="98" y="130" width="40" height="6" rx="3" className="content-svg-muted" />
          <rect x="32" y="162" width="136" height="32" rx="16" className="content-svg-primary" />
          <text x="100" y="183" textAnchor="middle" className="content-svg-button-text">
            {labels.install}
          </text>
          <circle cx="126" cy="184" r="9" className="content-svg-touch" />
          {[0, 1, 2].map((i) => (
            <rect key={i} x={32 + i * 47} y="214" width="42" height="84" rx="6" className="content-svg-soft" />
          ))}
          <rect x="32" y="312" width="120" height="6" rx="3" className="content-svg-muted" />
          <rect x="32" y="326" width="90" height="6" rx="3" className="content-svg-muted" />
        </g>
      );
  }
}

/** An Android phone showing one step; the accessible name is `label` (the figure's alt text). */
export function PhoneMockup({ screen, label, labels }: { screen: PhoneScreen; label: string; labels: PhoneLabels }) {
  return (
    <svg
      role="img"
      aria-label={label}
      focusable="false"
      viewBox="0 0 200 380"
      className="content-phone"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="8" y="6" width="184" height="368" rx="28" className="content-svg-phone" />
      <rect x="20" y="24" width="160" height="328" rx="10" className="content-svg-white" />
      <circle cx="100" cy="15" r="3" className="content-svg-camera" />
      <rect x="28" y="29" width="22" height="5" rx="2.5" className="content-svg-muted" />
      <rect x="152" y="29" width="20" height="5" rx="2.5" className="content-svg-muted" />
      <Screen screen={screen} labels={labels} />
      <rect x="78" y="360" width="44" height="4" rx="2" className="content-svg-camera" />
    </svg>
  );
}
