// What the list slider and its lazily loaded Swiper implementation share: both import it, neither
// imports the other's module for it.
import type { ReactNode } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import type { ProductList } from '@wishlist/contracts';

/** SPEC §2/§9: a swipe needs 20 px. */
export const SWIPE_THRESHOLD_PX = 20;

export interface ListSliderProps {
  lists: ProductList[];
  activeIndex: number;
  /** The user swiped to another slide. */
  onActiveChange: (index: number) => void;
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
