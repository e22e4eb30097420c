import { useSyncExternalStore } from 'react';
import { DesktopHeader } from './DesktopHeader';
import { MobileHeader } from './MobileHeader';

/** Which header a viewport shows: the app's useIsMobile breakpoint (SPEC §1, 640 px). */
export const HEADER_VARIANT_ATTRIBUTE = 'data-first-view-header';

/**
 * Both headers, each marked for the gateway's style to show by the viewport's width: the app picks
 * its header in script (useIsMobile), HTML cannot. The server's first view renders them
 * (prerender.tsx), and the app renders them too while it hydrates that markup.
 */
export function FirstViewHeaders() {
  return (
    <>
      <header className="shell-header" {...{ [HEADER_VARIANT_ATTRIBUTE]: 'mobile' }}>
        <MobileHeader />
      </header>
      <header className="shell-header" {...{ [HEADER_VARIANT_ATTRIBUTE]: 'desktop' }}>
        <DesktopHeader />
      </header>
    </>
  );
}

const subscribeNever = () => () => undefined;

/**
 * True while React hydrates the server's markup (it renders with the server's value), false in
 * every later render and in a page rendered by the app alone.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}
