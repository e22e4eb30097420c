import { itHasLocaleParity } from '@wishlist/i18n/src/testing';
import en from './en.json';
import fr from './fr.json';

describe('basket translations (key parity)', () => {
  itHasLocaleParity({ en, fr });
});
