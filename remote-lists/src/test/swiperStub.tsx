// jsdom stand-in for swiper/react and swiper/modules (ESM-only and layout-bound): the slides render
// as plain blocks, the active one driven by the props, like the real slider once it settles.
import type { HTMLAttributes, ReactNode } from 'react';

export function Swiper({ children, className }: { children?: ReactNode; className?: string } & Record<string, unknown>) {
  return <div className={className} data-testid="swiper">{children}</div>;
}

export function SwiperSlide({ children, ...rest }: { children?: ReactNode } & HTMLAttributes<HTMLDivElement> & { inert?: boolean }) {
  const { inert, ...attrs } = rest;
  return (
    <div {...attrs} inert={inert} className="swiper-slide">
      {children}
    </div>
  );
}

export const A11y = {};
export const Navigation = {};
export const Keyboard = {};
