const enc = encodeURIComponent;

export const paths = {
  listing: (listId: string, productId?: string | null) => `/product-list/${enc(listId)}${productId ? `/${enc(productId)}` : ''}`,
  see: (listId: string) => `/see/${enc(listId)}`,
  /** The owner's preview of what visitors see. */
  preview: (listId: string) => `/see/${enc(listId)}?preview=visitor`,
  favorite: (listId: string, add = true) => `/product-list/${enc(listId)}/favorite/${add}`,
  lists: '/product-lists',
  createList: '/create-product-list',
  editList: (listId: string) => `/edit-product-list/${enc(listId)}`,
  share: (listId: string) => `/share-product-list/${enc(listId)}`,
  createProduct: (listId?: string) => `/create-product${listId ? `/${enc(listId)}` : ''}`,
  editProduct: (listId: string, productId: string) => `/product-list/${enc(listId)}/product/${enc(productId)}/edit`,
  basket: '/basket',
  notFound: '/not-found',
  serverError: '/server-error',
};
