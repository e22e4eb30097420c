import { matchPath, useLocation } from 'react-router-dom';
import { hasSession, hasUncheckedBearer, useSessionStore, useViewStore } from '@wishlist/stores';
import type { RemoteModuleId } from '../federation/remoteLoader';
import { useFirstUse } from './firstUse';

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
   * Not loaded at all on the person's own list page, where it would show nothing: the owner's
   * list page does not download and start the basket remote for an empty slot.
   */
  notOnOwnList?: boolean;
  /**
   * Loaded at the person's first sign of use of the page (layout/firstUse.ts), its place held empty
   * until then: a control only someone acting needs (the account link, signing out) does not
   * download and start a remote while the page loads, on a phone the costliest moment.
   */
  onFirstUse?: boolean;
}

// The basket widget hides itself on the person's own list (and, on mobile, in the native wrapper).
const basketSlot: HeaderSlot = { key: 'basket', module: 'remote_basket_offer/HeaderBasket', when: 'always', notOnOwnList: true };

const accountSlot: HeaderSlot = { key: 'account', module: 'remote_auth/HeaderAccount', when: 'signedIn', onFirstUse: true };

export const desktopHeaderSlots: HeaderSlot[] = [basketSlot, accountSlot];
export const mobileHeaderSlots: HeaderSlot[] = [basketSlot, accountSlot];

/** The owner's list page (remote_lists/ProductListingPage's route). */
const OWN_LIST_ROUTE = '/product-list/:productListId/:productId?';

/**
 * Whether the page is, or may still turn out to be, the signed-in person's own list: the page
 * says whose list it shows once it has it (useViewStore); until then its route is the owner's.
 * Slots `notOnOwnList` are skipped then.
 */
function useOnOwnList(): boolean {
  const { pathname } = useLocation();
  const viewed = useViewStore((s) => s.viewedList);
  const signedIn = useSessionStore((s) => hasSession(s) || hasUncheckedBearer(s));
  const match = matchPath(OWN_LIST_ROUTE, pathname);
  if (!match) return false;
  if (viewed && viewed.id === match.params.productListId) return viewed.isOwner;
  return signedIn;
}

/**
 * The slots a header shows (`signedIn` ones only with a session), each with whether its widget is
 * left unloaded for now (`notOnOwnList` on the person's own list page, `onFirstUse` until the
 * person's first sign of use).
 */
export function useHeaderSlots(slots: HeaderSlot[], signedIn: boolean): { slot: HeaderSlot; skip: boolean }[] {
  const ownList = useOnOwnList();
  const shown = slots.filter((s) => s.when === 'always' || signedIn);
  const used = useFirstUse(shown.some((s) => s.onFirstUse));
  return shown.map((slot) => ({ slot, skip: (!!slot.notOnOwnList && ownList) || (!!slot.onFirstUse && !used) }));
}
