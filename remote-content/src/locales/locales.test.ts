import { itHasLocaleParity } from '@wishlist/i18n/src/testing';
import { en, fr } from '.';

describe('content translations', () => {
  itHasLocaleParity({ en, fr });

  it('has the six occasions in both languages', () => {
    expect(en.home.headline.occasions).toHaveLength(6);
    expect(fr.home.headline.occasions).toHaveLength(6);
  });
});
