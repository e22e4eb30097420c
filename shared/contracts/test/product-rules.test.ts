import {
  createProductRequestSchema,
  isValidProductImage,
  listNameSchema,
  NO_IMAGE_PLACEHOLDER,
  PRICE_MAX_CENTS,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_URL_MAX_LENGTH,
  productFieldsSchema,
} from '../src';

/** First message per field, as the services' fieldErrorsFrom reports them. */
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

describe('product fields (lists service and product form)', () => {
  const ok = { name: ' Bike ', image: 'https://shop.example/bike.jpg', price: 12_999 };

  it('accepts a valid product and trims the name', () => {
    const parsed = productFieldsSchema.parse(ok);
    expect(parsed).toEqual({ name: 'Bike', image: 'https://shop.example/bike.jpg', price: 12_999 });
    expect(productFieldsSchema.safeParse({ ...ok, price: null }).success).toBe(true);
    expect(productFieldsSchema.safeParse({ ...ok, image: NO_IMAGE_PLACEHOLDER }).success).toBe(true);
  });

  it.each([
    [{ name: '   ' }, 'name', 'required'],
    [{ name: 'x'.repeat(PRODUCT_NAME_MAX_LENGTH + 1) }, 'name', 'too-long'],
    [{ name: 42 }, 'name', 'required'],
    [{ price: -1 }, 'price', 'invalid-price'],
    [{ price: 1.5 }, 'price', 'invalid-price'],
    [{ price: '12' }, 'price', 'invalid-price'],
    [{ price: PRICE_MAX_CENTS + 1 }, 'price', 'too-high'],
    [{ image: '' }, 'image', 'required'],
    [{ image: 'javascript:alert(1)' }, 'image', 'invalid-image'],
    [{ image: 'data:image/png;base64,AAAA' }, 'image', 'invalid-image'],
    [{ image: 'ftp://a.example/x.png' }, 'image', 'invalid-image'],
    [{ image: `https://a.example/${'x'.repeat(PRODUCT_URL_MAX_LENGTH)}` }, 'image', 'invalid-image'],
  ])('refuses %j with %s: %s', (patch, field, message) => {
    expect(errorsOf(productFieldsSchema.safeParse({ ...ok, ...patch }))).toEqual({ [field]: message });
  });

  it('requires an absolute http(s) product URL of at most 2048 characters and a list', () => {
    const base = { ...ok, url: 'https://www.shop.example/p/1', productListId: 'abc' };
    expect(createProductRequestSchema.safeParse(base).success).toBe(true);
    expect(errorsOf(createProductRequestSchema.safeParse({ ...base, url: 'shop.example' }))).toEqual({ url: 'invalid-url' });
    expect(errorsOf(createProductRequestSchema.safeParse({ ...base, url: `https://a.example/${'x'.repeat(2048)}` }))).toEqual({ url: 'too-long' });
    expect(errorsOf(createProductRequestSchema.safeParse({ ...base, productListId: '' }))).toEqual({ productListId: 'required' });
  });

  it('image predicate', () => {
    expect(isValidProductImage(NO_IMAGE_PLACEHOLDER)).toBe(true);
    expect(isValidProductImage('http://a.example/i.jpg')).toBe(true);
    expect(isValidProductImage('/etc/passwd')).toBe(false);
  });

  it('list names: non-strings are "required"', () => {
    expect(listNameSchema.safeParse(3).error?.issues[0]?.message).toBe('required');
  });
});
