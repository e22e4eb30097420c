// Federation entry: registers the `lists` translations, then hands over the component.
import '../i18n';

import { loadSwiperSlider } from '../components/ListSlider';
import { provideSortableGrid } from '../components/ProductGrid';
import SortableProductGrid from '../components/SortableProductGrid';

// The owner's page reorders products: dnd-kit comes with the page's own chunks (fetched with
// React, as the shell preloads the route's page), so the owner's list is drawn once with its drag
// handles, never plain first and then built again when dnd-kit arrives (the shared view never
// loads it). Swiper is fetched with the page, for owners with several lists to swipe between.
provideSortableGrid(SortableProductGrid);
void loadSwiperSlider().catch(() => undefined);

export { default } from '../pages/ProductListingPage';
