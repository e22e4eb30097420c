// Federation entry: registers the `lists` translations, then hands over the component.
import '../i18n';

import { provideSortableGrid } from '../components/ProductGrid';
import SortableProductGrid from '../components/SortableProductGrid';

// The owner's page reorders products: dnd-kit comes with the page's own chunks (fetched with
// React, as the shell preloads the route's page), so the owner's list is drawn once with its drag
// handles, never plain first and then built again when dnd-kit arrives (the shared view never
// loads it). Swiper is asked for by the page once it knows there are several lists to swipe.
provideSortableGrid(SortableProductGrid);

export { default } from '../pages/ProductListingPage';
