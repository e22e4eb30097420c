import {
  cleanDisplayName,
  cleanMultilineText,
  createOfferingRequestSchema,
  isValidListName,
  LIST_NAME_MAX_LENGTH,
  listNameSchema,
  PRODUCT_NAME_MAX_LENGTH,
  productNameSchema,
} from '../src';

const FAKE = 'Kite\r\n\r\nIMPORTANT: your account is suspended.\nPay at https://evil.example/pay\n\nThe Wishlist team';
const ONE_LINE = 'Kite IMPORTANT: your account is suspended. Pay at https://evil.example/pay The Wishlist team';
const INVISIBLE = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\ufeff'];

describe('display names: one line of plain text', () => {
  it('turn line breaks, tabs and other controls into one space, and trim', () => {
    expect(cleanDisplayName(FAKE)).toBe(ONE_LINE);
    expect(cleanDisplayName(' a\t\tb\u0000c\u0085d\u2028e\u007f ')).toBe('a b c d e');
  });

  it.each(INVISIBLE.map((c) => [c.codePointAt(0)!.toString(16)]))('remove the direction or zero-width character U+%s', (hex) => {
    const c = String.fromCodePoint(parseInt(hex, 16));
    expect(cleanDisplayName(`gp${c}.exe${c}`)).toBe('gp.exe');
  });

  it('keep letters of every script, emoji and accents', () => {
    expect(cleanDisplayName('Cadeau pour Zoé 🎁 مرحبا 日本')).toBe('Cadeau pour Zoé 🎁 مرحبا 日本');
  });

  it('are what the list, product and giver rules store, with the same length limits', () => {
    expect(listNameSchema.parse(`Birthday\u202e\n\nThe Wishlist team`)).toBe('Birthday The Wishlist team');
    expect(productNameSchema.parse(FAKE)).toBe(ONE_LINE);
    expect(createOfferingRequestSchema.parse({ isExpectingAddress: true, products: ['p1'], offererEmail: 'a@b.co', offererIdentity: `Gr\u202eandma\n` }).offererIdentity).toBe('Grandma');
    expect(listNameSchema.safeParse('\u202e\n\t').error?.issues[0]?.message).toBe('required');
    expect(isValidListName('\u200b\n')).toBe(false);
    expect(listNameSchema.safeParse('x'.repeat(LIST_NAME_MAX_LENGTH)).success).toBe(true);
    expect(listNameSchema.safeParse('x'.repeat(LIST_NAME_MAX_LENGTH + 1)).error?.issues[0]?.message).toBe('too-long');
    // Counted once cleaned: invisible characters do not count.
    expect(productNameSchema.safeParse(`${'x'.repeat(PRODUCT_NAME_MAX_LENGTH)}\u202e\u202e`).success).toBe(true);
    expect(productNameSchema.safeParse('x'.repeat(PRODUCT_NAME_MAX_LENGTH + 1)).error?.issues[0]?.message).toBe('too-long');
  });
});

describe('multi-line free text', () => {
  it('keeps line breaks, removes controls and direction characters', () => {
    expect(cleanMultilineText(' a\r\nb\rc\n\n\n\n\nd\u0007 \u202e e\u2029f ')).toBe('a\nb\nc\n\n\nd  e\nf');
  });
});
