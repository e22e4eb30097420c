// Federation entry: registers the `lists` translations, then hands over the component.
import '../i18n';

// The owner's sliding page swipes between lists and reorders products: fetch swiper and dnd-kit
// with the page instead of after its first render (the shared view never loads them).
void import('../components/SwiperSlider');
void import('../components/SortableProductGrid');

export { default } from '../pages/ProductListingPage';
