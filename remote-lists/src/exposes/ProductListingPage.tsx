// Federation entry: registers the `lists` translations, then hands over the component.
import '../i18n';

import { loadSwiperSlider } from '../components/ListSlider';
import { loadSortableGrid } from '../components/ProductGrid';

// The owner's sliding page swipes between lists and reorders products: fetch swiper and dnd-kit
// with the page instead of after its first render (the shared view never loads them).
void loadSwiperSlider().catch(() => undefined);
void loadSortableGrid().catch(() => undefined);

export { default } from '../pages/ProductListingPage';
