// The slider for two lists or more (swiper, ~30 kB gzip with its CSS): loaded only when a page shows
// several lists, never for the one list a shared link opens.
import { useEffect, useRef } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import { useListsT } from '../i18n';
import { useListsStore } from '../state/listsStore';
import { prefersReducedMotion } from '../lib/usePageTitle';
import { SWIPE_THRESHOLD_PX, wrapTarget, type ListSliderProps } from './sliderModel';

/**
 * The sliding list page's slider: one slide per list, route-driven (`activeIndex`), touch-swipe
 * with a 20 px threshold, disabled while a product is movable. Swiping past the last list shows
 * the first and past the first the last, like the header arrows (swiper's `loop` clones and
 * reorders slides, which React renders itself, and swiper's `rewind` only wraps short swipes).
 * Only the active slide and its neighbours render their products.
 */
export default function SwiperSlider({ lists, activeIndex, onActiveChange, renderSlide }: ListSliderProps) {
  const { t } = useListsT();
  const swiper = useRef<SwiperInstance | null>(null);
  const reduced = prefersReducedMotion();

  useEffect(() => {
    const s = swiper.current;
    if (s && !s.destroyed && s.activeIndex !== activeIndex) s.slideTo(activeIndex, reduced ? 0 : 300, false);
  }, [activeIndex, reduced, lists.length]);

  const n = lists.length;
  // Swipes stop while a product is movable (SPEC §2). Set on swiper itself as the store changes: a
  // drag's start need not render the slider and every slide again (the press of a drag on a phone).
  useEffect(() => {
    const follow = (movable: boolean) => {
      const s = swiper.current;
      if (s && !s.destroyed) s.allowTouchMove = !movable && n > 1;
    };
    follow(useListsStore.getState().isMovable);
    return useListsStore.subscribe((state, before) => {
      if (state.isMovable !== before.isMovable) follow(state.isMovable);
    });
  }, [n]);

  const near = (i: number) => i === activeIndex || (n > 1 && (i === (activeIndex + 1) % n || i === (activeIndex - 1 + n) % n));

  return (
    <Swiper
      className="lists-slider"
      modules={[A11y]}
      initialSlide={activeIndex}
      threshold={SWIPE_THRESHOLD_PX}
      speed={reduced ? 0 : 300}
      allowTouchMove={n > 1}
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
