import type { RemoteModuleId } from '../federation/remoteLoader';

/**
 * Header widgets exposed by remotes (SPEC §2 desktop header), rendered after the shell's own
 * signed-in controls (add product, share, lists and favorites menus), e.g. a later
 * `{ key: 'basket', module: 'remote_basket_offer/HeaderBasket', when: 'always' }`.
 * `signedIn` widgets only show with a session (a known default list).
 */
export interface HeaderSlot {
  key: 'account' | 'basket' | (string & {});
  module: RemoteModuleId;
  when: 'signedIn' | 'always';
  /**
   * Not loaded at all on the person's own list page, where it would show nothing (issue 13: the
   * owner's list page no longer downloads and starts the basket remote for an empty slot).
   */
  notOnOwnList?: boolean;
}

// The basket widget hides itself on the person's own list (and, on mobile, in the native wrapper).
const basketSlot: HeaderSlot = { key: 'basket', module: 'remote_basket_offer/HeaderBasket', when: 'always', notOnOwnList: true };

export const desktopHeaderSlots: HeaderSlot[] = [basketSlot, { key: 'account', module: 'remote_auth/HeaderAccount', when: 'signedIn' }];
export const mobileHeaderSlots: HeaderSlot[] = [basketSlot, { key: 'account', module: 'remote_auth/HeaderAccount', when: 'signedIn' }];
