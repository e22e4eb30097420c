import { itHasLocaleParity } from '@wishlist/i18n/src/testing';
import { en, fr } from '.';

describe('basket translations (key parity)', () => {
  itHasLocaleParity({ en, fr });
});
