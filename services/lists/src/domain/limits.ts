/** Caps that keep one account from growing documents without bound (answered with a 422). */
export const MAX_LISTS_PER_OWNER = 100;
export const MAX_PRODUCTS_PER_LIST = 500;
