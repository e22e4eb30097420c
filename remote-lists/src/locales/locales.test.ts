import { itHasLocaleParity } from '@wishlist/i18n/src/testing';
import en from './en.json';
import fr from './fr.json';

describe('lists translations (key parity)', () => {
  itHasLocaleParity({ en, fr });

  it('has every SPEC §8 notification of the list screens in both languages', () => {
    for (const key of ['listCreated', 'listCreationFailed', 'listUpdated', 'listUpdateFailed', 'listRemoved', 'listRemovalFailed', 'lastList', 'listsLoadFailed', 'favoriteAdded', 'favoriteAddFailed', 'favoriteRemoved', 'favoriteRemoveFailed', 'productRemoved', 'productRemovalFailed', 'reordered', 'reorderFailed', 'offered', 'offeredFailed', 'unoffered', 'unofferedFailed', 'dataError', 'productsLoadFailed', 'linkCopied']) {
      expect(en.notifications).toHaveProperty(key);
      expect(fr.notifications).toHaveProperty(key);
    }
    expect(en.notifications.lastList).toBe("You can't delete your list when it's only one you own.");
    expect(en.notifications.linkCopied).toBe('The link to your wish list is copied into your clipboard.');
  });
});
