// Request and response payloads of SPEC §7. The envelope `{ data: ... }` is what the services send.
import type { Favorite, OfferingRead, OfferingSent, Product, ProductList } from './entities';

export interface DataEnvelope<T> {
  data: T;
}

export interface CreateTokenRequest {
  email: string;
  tokenName: string;
  /** Language of the validation e-mail (the current interface language). */
  language?: 'en' | 'fr';
}
export interface CreateTokenResponse {
  token: string;
}
export interface ValidateTokenRequest {
  tokenName: string;
  validationCode: string;
}
export interface RevokeTokenRequest {
  token: string;
}

export interface CreateProductListRequest {
  name: string;
}
export type UpdateProductListRequest = Partial<Pick<ProductList, 'name'>>;

export interface ProductsOrderingRequest {
  /** Product ids in their new order. */
  products: string[];
}

export type UpdateProductInListRequest =
  | { hasBeenOffered: boolean }
  | { name: string; image: string; price: number | null };

export interface CreateProductRequest {
  name: string;
  image: string;
  price: number | null;
  url: string;
  productListId: string;
}
export interface UpdateProductRequest {
  name: string;
  image: string;
  price: number | null;
  productListId: string;
}

export interface FetchPageRequest {
  url: string;
}

export type CreateOfferingRequest = OfferingSent;
export interface CreateOfferingResponse {
  id: string;
}
export interface AcceptOfferingRequest {
  address: string;
}

/** Body of a 422 from product or list saves: per-field messages (SPEC §5). */
export interface ValidationErrorBody {
  errors?: Partial<Record<'name' | 'price' | 'image', string | string[]>>;
  message?: string;
}

export type ProductListsResponse = DataEnvelope<ProductList[]>;
export type ProductListResponse = DataEnvelope<ProductList>;
export type ProductResponse = DataEnvelope<Product>;
export type ProductsResponse = DataEnvelope<Product[]>;
export type FavoritesResponse = DataEnvelope<Favorite[]>;
export type OfferingResponse = DataEnvelope<OfferingRead>;
