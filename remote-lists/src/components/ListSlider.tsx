import { useEffect, useRef, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import type { ProductList } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { prefersReducedMotion } from '../lib/usePageTitle';

/** SPEC §2/§9: a swipe needs 20 px. */
export const SWIPE_THRESHOLD_PX = 20;

export interface ListSliderProps {
  lists: ProductList[];
  activeIndex: number;
  /** The user swiped to another slide. */
  onActiveChange: (index: number) => void;
  /** Off while a product is movable (SPEC §2). */
  allowTouchMove: boolean;
  /** Renders a slide; `active` is false for the neighbours (shown while swiping, inert). */
  renderSlide: (list: ProductList, active: boolean) => ReactNode;
}

/**
 * Where a finished swipe leads when it pushed past an end of the slider: the other end (SPEC §2:
 * the slider loops), or null when it stayed inside (swiper itself moves to the neighbour) or did
 * not move (under the threshold, vertical, or touch moves disabled).
 */
export function wrapTarget(s: Pick<SwiperInstance, 'isBeginning' | 'isEnd' | 'swipeDirection' | 'touches' | 'touchEventsData'>, count: number): number | null {
  if (count < 2 || !s.touchEventsData.isMoved || Math.abs(s.touches.diff) < SWIPE_THRESHOLD_PX) return null;
  if (s.isEnd && s.swipeDirection === 'next' && s.touches.diff < 0) return 0;
  if (s.isBeginning && s.swipeDirection === 'prev' && s.touches.diff > 0) return count - 1;
  return null;
}

/**
 * The sliding list page's slider: one slide per list, route-driven (`activeIndex`), touch-swipe
 * with a 20 px threshold, disabled while a product is movable. Swiping past the last list shows
 * the first and past the first the last, like the header arrows (swiper's `loop` clones and
 * reorders slides, which React renders itself, and swiper's `rewind` only wraps short swipes).
 * Only the active slide and its neighbours render their products.
 */
export function ListSlider({ lists, activeIndex, onActiveChange, allowTouchMove, renderSlide }: ListSliderProps) {
  const { t } = useListsT();
  const swiper = useRef<SwiperInstance | null>(null);
  const reduced = prefersReducedMotion();

  useEffect(() => {
    const s = swiper.current;
    if (s && !s.destroyed && s.activeIndex !== activeIndex) s.slideTo(activeIndex, reduced ? 0 : 300, false);
  }, [activeIndex, reduced, lists.length]);

  useEffect(() => {
    const s = swiper.current;
    if (s && !s.destroyed) s.allowTouchMove = allowTouchMove;
  }, [allowTouchMove]);

  const n = lists.length;
  const near = (i: number) => i === activeIndex || (n > 1 && (i === (activeIndex + 1) % n || i === (activeIndex - 1 + n) % n));

  return (
    <Swiper
      className="lists-slider"
      modules={[A11y]}
      initialSlide={activeIndex}
      threshold={SWIPE_THRESHOLD_PX}
      speed={reduced ? 0 : 300}
      allowTouchMove={allowTouchMove && n > 1}
      noSwipingClass="lists-no-swipe"
      autoHeight
      spaceBetween={24}
      a11y={{
        enabled: true,
        prevSlideMessage: t('listing.slider.previous'),
        nextSlideMessage: t('listing.slider.next'),
        firstSlideMessage: t('listing.slider.first'),
        lastSlideMessage: t('listing.slider.last'),
        slideLabelMessage: t('listing.slider.slide', { index: '{{index}}', slidesLength: '{{slidesLength}}' }),
        containerRole: 'region',
        containerRoleDescriptionMessage: null,
        itemRoleDescriptionMessage: null,
        slideRole: 'group',
      }}
      onSwiper={(s) => {
        swiper.current = s;
      }}
      onTouchEnd={(s) => {
        // Emitted before swiper settles the swipe: it bounces back at the end, we go round.
        const to = wrapTarget(s, n);
        if (to !== null && to !== activeIndex) onActiveChange(to);
      }}
      onSlideChange={(s) => {
        if (s.activeIndex !== activeIndex) onActiveChange(s.activeIndex);
      }}
    >
      {lists.map((list, i) => (
        <SwiperSlide key={list.id} inert={i !== activeIndex} aria-hidden={i !== activeIndex || undefined}>
          {near(i) ? renderSlide(list, i === activeIndex) : null}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
