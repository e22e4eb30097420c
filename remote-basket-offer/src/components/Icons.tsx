// Inline icons (decorative: callers hide them from assistive technology).
const stroke = { fill: 'none', stroke: 'currentColor', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function Icon({ size, d, width = 1.8 }: { size: number; d: string; width?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={d} {...stroke} strokeWidth={width} />
    </svg>
  );
}

export const BasketIcon = ({ size = 24 }: { size?: number }) => (
  <Icon size={size} d="M3 9h18l-1.6 9.1a2 2 0 0 1-2 1.9H6.6a2 2 0 0 1-2-1.9L3 9Zm4.5 0 3-5m6 5-3-5M9 13v3m3-3v3m3-3v3" />
);

export const GiftIcon = ({ size = 24 }: { size?: number }) => (
  <Icon size={size} d="M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-9Zm-1-4h18v4H3V7Zm9 0v14M12 7S10.5 3 8 3a2 2 0 0 0 0 4h4Zm0 0s1.5-4 4-4a2 2 0 0 1 0 4h-4Z" />
);

export const MinusIcon = ({ size = 20 }: { size?: number }) => <Icon size={size} d="M5 12h14" width={2} />;
