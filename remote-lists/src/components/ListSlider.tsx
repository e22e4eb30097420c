import { startTransition, useEffect, useState } from 'react';
import type { ProductList } from '@wishlist/contracts';
import { lazyOnce } from '../lib/lazyOnce';
import type { ListSliderProps } from './sliderModel';

/** Swiper's slider, loaded only where there is something to swipe. */
const swiperSlider = lazyOnce(() => import('./SwiperSlider'));

/**
 * Whether the slider can be drawn as it will stay: at once for one list (nothing to swipe, swiper
 * is never loaded), once swiper is there for several (asked for here). A page that waits for it
 * draws its list once, not alone first and then again inside swiper's slides.
 */
export function useSliderReady(lists: number): boolean {
  const needed = lists > 1;
  const [loaded, setLoaded] = useState(swiperSlider.isLoaded);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    // A failed load is the slider's own to report (its error reaches the page's boundary).
    // A transition: the page then draws its cards in slices of a few milliseconds, not in one task.
    const done = () => live && startTransition(() => setLoaded(true));
    swiperSlider.load().then(done, done);
    return () => {
      live = false;
    };
  }, [needed, loaded]);
  return !needed || loaded;
}

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
