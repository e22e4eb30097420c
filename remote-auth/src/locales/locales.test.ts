import { itHasLocaleParity } from '@wishlist/i18n/src/testing';
import en from './en.json';
import fr from './fr.json';

describe('auth translations (key parity)', () => {
  itHasLocaleParity({ en, fr });

  it('has the three sign-in steps and the three failure reasons in both languages', () => {
    expect(en.authenticate.steps).toHaveLength(3);
    expect(Object.keys(fr.failed.reasons).sort()).toEqual(['incorrect-data', 'too-many-tries', 'unknown']);
  });
});
