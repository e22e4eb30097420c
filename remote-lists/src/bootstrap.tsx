// Standalone preview of the list screens (rsbuild dev on port 3003). In the product the shell
// renders them; here a minimal router and the notifications are enough to click through.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { detectLanguage, initI18n } from '@wishlist/i18n';
import { Notifications } from '@wishlist/ui';
import './i18n';
import CreateProductListPage from './pages/CreateProductListPage';
import EditProductListPage from './pages/EditProductListPage';
import FavoriteListPage from './pages/FavoriteListPage';
import ProductListingPage from './pages/ProductListingPage';
import ProductListsPage from './pages/ProductListsPage';
import ShareProductListPage from './pages/ShareProductListPage';
import SharedListPage from './pages/SharedListPage';

initI18n(detectLanguage(location.pathname));

function App() {
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Standalone preview" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', padding: '0.5rem 1rem', fontSize: '0.875rem' }}>
        <Link to="/product-lists">/product-lists</Link>
        <Link to="/create-product-list">create</Link>
      </nav>
      <main style={{ maxWidth: '64rem', margin: '0 auto', padding: '1rem' }}>
        <Routes>
          <Route path="/product-list/:productListId/favorite/:addToFavorite" element={<FavoriteListPage />} />
          <Route path="/product-list/:productListId/:productId?" element={<ProductListingPage />} />
          <Route path="/see/:productListId" element={<SharedListPage />} />
          <Route path="/product-lists" element={<ProductListsPage />} />
          <Route path="/create-product-list" element={<CreateProductListPage />} />
          <Route path="/edit-product-list/:productListId" element={<EditProductListPage />} />
          <Route path="/share-product-list/:defaultProductListId" element={<ShareProductListPage />} />
          <Route path="*" element={<ProductListsPage />} />
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
