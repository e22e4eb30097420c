import type { RemoteModuleId } from '../federation/remoteLoader';

/**
 * Header widgets exposed by remotes (SPEC §2 desktop header), filled by later issues, e.g.
 * `{ key: 'basket', module: 'remote_basket_offer/HeaderBasket', when: 'always' }`.
 * `signedIn` widgets only show with a session.
 */
export interface HeaderSlot {
  key: 'add-product' | 'share' | 'lists' | 'favorites' | 'basket' | (string & {});
  module: RemoteModuleId;
  when: 'signedIn' | 'always';
}

export const desktopHeaderSlots: HeaderSlot[] = [];
export const mobileHeaderSlots: HeaderSlot[] = [];
