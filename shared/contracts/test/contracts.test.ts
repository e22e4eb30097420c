import {
  createOfferingRequestSchema,
  emailSchema,
  formatPrice,
  isCompleteProductUrl,
  isValidEmail,
  isValidListName,
  isValidProductUrl,
  listNameSchema,
  newProduct,
  newProductList,
  NO_IMAGE_PLACEHOLDER,
  parsePrice,
  priceInputSchema,
  productUrlSchema,
  toBasketProduct,
  totalPrice,
  websiteName,
} from '../src';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('email (SPEC §5)', () => {
  it.each(['a@b.c', 'john.doe+tag@example.co.uk', 'x@sub.domain.fr'])('accepts %s', (e) => {
    expect(isValidEmail(e)).toBe(true);
    expect(emailSchema.safeParse(e).success).toBe(true);
  });
  it.each(['', 'a', 'a@b', '@b.c', 'a@.c', 'a@b.', 'a b@c.d', 'a@b c.d'])('rejects %j', (e) => {
    expect(isValidEmail(e)).toBe(false);
    expect(emailSchema.safeParse(e).success).toBe(false);
  });
});

describe('product URL (SPEC §5)', () => {
  it('treats the empty field as valid but not complete', () => {
    expect(isValidProductUrl('')).toBe(true);
    expect(productUrlSchema.safeParse('').success).toBe(true);
    expect(isCompleteProductUrl('')).toBe(false);
  });
  it.each(['http://a.com', 'https://www.shop.fr/p/123?x=1#y', 'https://localhost:8080/x'])('accepts %s', (u) => {
    expect(isValidProductUrl(u)).toBe(true);
    expect(isCompleteProductUrl(u)).toBe(true);
  });
  it.each(['ftp://a.com', 'www.a.com', 'https://', 'http:// a.com', 'javascript:alert(1)', 'https://a b.com'])(
    'rejects %s',
    (u) => expect(isValidProductUrl(u)).toBe(false),
  );
});

describe('price parsing (SPEC §5)', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    ['0,01', 1],
    ['1.005', 101],
    ['19.999', 2000],
    [' 3 ', 300],
    ['.5', 50],
  ])('parses %j as %i cents', (input, cents) => expect(parsePrice(input)).toBe(cents));
  it('maps empty to null', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('  ')).toBeNull();
    expect(parsePrice(null)).toBeNull();
  });
  it('rejects non-numbers and negatives', () => {
    expect(parsePrice('abc')).toBeUndefined();
    expect(parsePrice('-3')).toBeUndefined();
    expect(parsePrice('1,2,3')).toBeUndefined();
  });
  it('accepts numbers', () => expect(parsePrice(9.99)).toBe(999));
  it('transforms with zod', () => {
    expect(priceInputSchema.parse('4,20')).toBe(420);
    expect(priceInputSchema.parse('')).toBeNull();
    expect(priceInputSchema.safeParse('x').success).toBe(false);
  });
});

describe('list name', () => {
  it('requires non-empty trimmed text within the max length', () => {
    expect(isValidListName('  ')).toBe(false);
    expect(isValidListName(' Noël ')).toBe(true);
    expect(isValidListName('x'.repeat(101))).toBe(false);
    expect(listNameSchema.parse('  Birthday ')).toBe('Birthday');
    expect(listNameSchema.safeParse('').success).toBe(false);
  });
});

describe('price formatting: the reader\'s language (overrides SPEC §9)', () => {
  it('shows -.-- € for null in every language', () => {
    expect(formatPrice(null, 'en')).toBe('-.-- €');
    expect(formatPrice(undefined, 'fr')).toBe('-.-- €');
    expect(formatPrice(Number.NaN, 'en')).toBe('-.-- €');
  });
  it('shows English prices with the symbol first and a decimal point', () => {
    expect(formatPrice(100, 'en')).toBe('€1.00');
    expect(formatPrice(123456, 'en')).toBe('€1,234.56');
    expect(formatPrice(0, 'en')).toBe('€0.00');
  });
  it('shows French prices with a decimal comma and the symbol after a space', () => {
    expect(nbsp(formatPrice(100, 'fr'))).toBe('1,00 €');
    expect(nbsp(formatPrice(123456, 'fr'))).toBe('1 234,56 €');
  });
  it('reads regional and unknown languages as their nearest interface language', () => {
    expect(nbsp(formatPrice(100, 'fr-CA'))).toBe('1,00 €');
    expect(formatPrice(100, 'en-US')).toBe('€1.00');
    expect(formatPrice(100, 'de')).toBe('€1.00');
    expect(formatPrice(100, '')).toBe('€1.00');
  });
  it('totals prices, null counting zero', () => {
    expect(totalPrice([{ price: 100 }, { price: null }, { price: 250 }])).toBe(350);
  });
});

describe('websiteName', () => {
  it('strips a leading www.', () => {
    expect(websiteName('https://www.amazon.fr/x')).toBe('amazon.fr');
    expect(websiteName('http://shop.example.com')).toBe('shop.example.com');
    expect(websiteName('nope')).toBe('');
  });
});

describe('entities', () => {
  it('builds new-entity defaults of SPEC §3', () => {
    expect(newProductList()).toEqual({ id: '', name: '', isOwner: false, products: [] });
    const p = newProduct();
    expect(p).toMatchObject({ id: undefined, image: NO_IMAGE_PLACEHOLDER, name: '', price: null, url: '' });
    expect(p).toMatchObject({ isWishlisted: true, hasFocus: false, isMovable: false, productListId: '' });
  });
  it('keeps only stored basket fields', () => {
    const b = toBasketProduct({ ...newProduct('L1'), id: 'p1', name: 'Kite', websiteName: 'a.com' });
    expect(b).not.toHaveProperty('productListId');
    expect(b).toMatchObject({ id: 'p1', name: 'Kite', websiteName: 'a.com' });
  });
  it('validates an offering payload', () => {
    const ok = createOfferingRequestSchema.safeParse({
      isExpectingAddress: true,
      products: ['p1'],
      offererEmail: 'a@b.c',
    });
    expect(ok.success && ok.data.offererIdentity).toBe('');
    expect(createOfferingRequestSchema.safeParse({ isExpectingAddress: true, products: [], offererEmail: 'a@b.c' }).success).toBe(false);
    const base = { isExpectingAddress: true, products: ['p1'], offererEmail: 'a@b.c' };
    expect(createOfferingRequestSchema.safeParse({ ...base, offererIdentity: 'x'.repeat(100) }).success).toBe(true);
    expect(createOfferingRequestSchema.safeParse({ ...base, offererIdentity: 'x'.repeat(101) }).success).toBe(false);
    expect(createOfferingRequestSchema.safeParse({ ...base, offererMessage: 'x'.repeat(2001) }).success).toBe(false);
    expect(createOfferingRequestSchema.safeParse({ ...base, products: ['p1', 'p1'] }).success).toBe(false);
    expect(createOfferingRequestSchema.safeParse({ ...base, products: Array.from({ length: 51 }, (_, i) => `p${i}`) }).success).toBe(false);
  });
});
