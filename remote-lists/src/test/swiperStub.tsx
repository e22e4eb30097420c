// jsdom stand-in for swiper/react and swiper/modules (ESM-only and layout-bound): the slides render
// as plain blocks, the active one driven by the props, like the real slider once it settles.
import { useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';

/** What a test reads of the swiper instance the slider was handed (its props as set at creation). */
export interface FakeSwiper {
  destroyed: boolean;
  allowTouchMove: boolean;
  activeIndex: number;
  slideTo: (index: number) => void;
}

/** The instances handed to `onSwiper`, latest last. */
export const swipers: FakeSwiper[] = [];

export function Swiper({ children, className, onSwiper, allowTouchMove, initialSlide }: { children?: ReactNode; className?: string } & Record<string, unknown>) {
  const [instance] = useState<FakeSwiper>(() => ({
    destroyed: false,
    allowTouchMove: allowTouchMove !== false,
    activeIndex: typeof initialSlide === 'number' ? initialSlide : 0,
    slideTo(index: number) {
      this.activeIndex = index;
    },
  }));
  useEffect(() => {
    swipers.push(instance);
    (onSwiper as ((s: FakeSwiper) => void) | undefined)?.(instance);
    return () => {
      instance.destroyed = true;
    };
    // Once, as swiper hands its instance over once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instance]);
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
