// Standalone preview of the basket and offer screens (rsbuild dev on port 3004), with a sample
// product to put in the basket.
import type { Product } from '@wishlist/contracts';
import { mountStandalone } from '@wishlist/ui/src/standalone';
import './strings/all';
import BasketActions from './pages/BasketActions';
import BasketPage from './pages/BasketPage';
import HeaderBasket from './pages/HeaderBasket';
import OfferConfirmationPage from './pages/OfferConfirmationPage';
import OfferCreatedPage from './pages/OfferCreatedPage';
import OfferingPage from './pages/OfferingPage';
import OfferPage from './pages/OfferPage';
import OfferWithdrawalPage from './pages/OfferWithdrawalPage';
import MyGiftsPage from './pages/MyGiftsPage';
import PledgeFormPage from './pages/PledgeFormPage';
import PledgePage from './pages/PledgePage';

const sample: Product = {
  id: 'sample-1',
  name: 'Sample product',
  url: 'https://example.com/product',
  image: '',
  price: 2490,
  websiteName: 'example.com',
  productListId: 'sample-list',
  hasBeenOffered: false,
  isWishlisted: true,
  hasFocus: true,
  isMovable: false,
};

mountStandalone({
  links: [
    ['/basket', '/basket'],
    ['/offer', '/offer'],
  ],
  widgets: (
    <>
      <BasketActions product={sample} isOwner={false} />
      <HeaderBasket />
    </>
  ),
  routes: [
    ['/basket', <BasketPage />],
    ['/offer', <OfferPage />],
    ['/offer-created/:offeringId', <OfferCreatedPage />],
    ['/offer-confirmation/:offeringId', <OfferConfirmationPage />],
    ['/offerings/:offeringId/:refuse?', <OfferingPage />],
    ['/offer-withdrawal/:offeringId', <OfferWithdrawalPage />],
    ['/chip-in/:productListId/:productId', <PledgeFormPage />],
    ['/pledge/:pledgeId', <PledgePage />],
    ['/my-gifts', <MyGiftsPage />],
  ],
});
