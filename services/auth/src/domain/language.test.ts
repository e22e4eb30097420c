import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it.each([
    [undefined, undefined, 'en'],
    ['fr', 'en-US', 'fr'],
    ['en', 'fr', 'en'],
    [undefined, 'fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    [undefined, 'de-DE,de;q=0.9,fr;q=0.5,en;q=0.4', 'fr'],
    [undefined, 'en;q=0.2, fr;q=0.8', 'fr'],
    [undefined, 'fr;q=0, en', 'en'],
    [undefined, 'de, it', 'en'],
    [undefined, '*', 'en'],
    [undefined, ';;;,,q=', 'en'],
  ] as const)('language %s with Accept-Language %s → %s', (explicit, header, expected) => {
    expect(pickLanguage(explicit, header)).toBe(expected);
  });
});
