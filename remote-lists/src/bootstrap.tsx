// Standalone preview of the list screens (rsbuild dev on port 3003).
import { mountStandalone } from '@wishlist/ui/src/standalone';
import './i18n';
import CreateProductListPage from './pages/CreateProductListPage';
import EditProductListPage from './pages/EditProductListPage';
import FavoriteListPage from './pages/FavoriteListPage';
import ProductListingPage from './pages/ProductListingPage';
import ProductListsPage from './pages/ProductListsPage';
import ShareProductListPage from './pages/ShareProductListPage';
import SharedListPage from './pages/SharedListPage';

mountStandalone({
  links: [
    ['/product-lists', '/product-lists'],
    ['/create-product-list', 'create'],
  ],
  routes: [
    ['/product-lists', <ProductListsPage />],
    ['/product-list/:productListId/favorite/:addToFavorite', <FavoriteListPage />],
    ['/product-list/:productListId/:productId?', <ProductListingPage />],
    ['/see/:productListId', <SharedListPage />],
    ['/create-product-list', <CreateProductListPage />],
    ['/edit-product-list/:productListId', <EditProductListPage />],
    ['/share-product-list/:defaultProductListId', <ShareProductListPage />],
  ],
});
