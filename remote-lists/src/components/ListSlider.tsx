import type { ReactNode } from 'react';
import { lazyOnce } from '../lib/lazyOnce';
import type { Swiper as SwiperInstance } from 'swiper';
import type { ProductList } from '@wishlist/contracts';

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

/** Swiper's slider, loaded only where there is something to swipe. */
const swiperSlider = lazyOnce(() => import('./SwiperSlider'));
export const loadSwiperSlider = swiperSlider.load;

/**
 * One list (a shared link, an owner with one list): nothing to swipe, so no swiper. The markup keeps
 * swiper's class names (the page's styles and the active slide's selectors are the same either way).
 */
function SingleSlide({ list, renderSlide }: { list: ProductList; renderSlide: ListSliderProps['renderSlide'] }) {
  return (
    <div className="lists-slider swiper lists-slider--single">
      <div className="swiper-wrapper">
        <div className="swiper-slide swiper-slide-active" key={list.id}>
          {renderSlide(list, true)}
        </div>
      </div>
    </div>
  );
}

/**
 * The sliding list page's slider: one slide per list, route-driven (`activeIndex`), touch-swipe
 * with a 20 px threshold, disabled while a product is movable. Swiping past the last list shows
 * the first and past the first the last, like the header arrows. Swiper (`SwiperSlider`) is loaded
 * only for two lists or more; while it loads, the active list shows alone.
 */
export function ListSlider(props: ListSliderProps) {
  const { lists, activeIndex, renderSlide } = props;
  const active = lists[activeIndex] ?? lists[0];
  if (lists.length <= 1) return active ? <SingleSlide list={active} renderSlide={renderSlide} /> : null;
  return swiperSlider.render(props, <SingleSlide list={active} renderSlide={renderSlide} />);
}
