// Standalone preview of the basket and offer screens (rsbuild dev on port 3004). In the product the
// shell renders them; here a minimal router, a few sample products and the notifications.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { detectLanguage, initI18n } from '@wishlist/i18n';
import { Notifications } from '@wishlist/ui';
import type { Product } from '@wishlist/contracts';
import './i18n';
import BasketActions from './pages/BasketActions';
import BasketPage from './pages/BasketPage';
import HeaderBasket from './pages/HeaderBasket';
import OfferCreatedPage from './pages/OfferCreatedPage';
import OfferingPage from './pages/OfferingPage';
import OfferPage from './pages/OfferPage';

initI18n(detectLanguage(location.pathname));

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

function App() {
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Standalone preview" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', padding: '0.5rem 1rem', alignItems: 'center' }}>
        <Link to="/basket">/basket</Link>
        <Link to="/offer">/offer</Link>
        <BasketActions product={sample} isOwner={false} />
        <HeaderBasket />
      </nav>
      <main style={{ maxWidth: '64rem', margin: '0 auto', padding: '1rem' }}>
        <Routes>
          <Route path="/basket" element={<BasketPage />} />
          <Route path="/offer" element={<OfferPage />} />
          <Route path="/offer-created/:offeringId" element={<OfferCreatedPage />} />
          <Route path="/offerings/:offeringId/:refuse?" element={<OfferingPage />} />
          <Route path="*" element={<BasketPage />} />
        </Routes>
      </main>
      <Notifications onNavigate={navigate} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
