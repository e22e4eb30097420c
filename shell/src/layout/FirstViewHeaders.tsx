import { useSyncExternalStore } from 'react';
import { DesktopHeader } from './DesktopHeader';
import { MobileHeader } from './MobileHeader';

/** Which header a viewport shows: the app's useIsMobile breakpoint (SPEC §1, 640 px). */
export const HEADER_VARIANT_ATTRIBUTE = 'data-first-view-header';

/** Which headers the page renders: both while it hydrates the server's markup, else the viewport's. */
export type HeaderVariant = 'both' | 'mobile' | 'desktop';

/** The two headers, in the server's order, each keyed by the viewport it is for. */
const HEADERS = [
  { key: 'mobile', Header: MobileHeader },
  { key: 'desktop', Header: DesktopHeader },
] as const;

/**
 * The page's header(s). The server's first view has both, each marked for the gateway's style to
 * show by the viewport's width (the app picks its header in script, useIsMobile; HTML cannot), and
 * the app renders both too while it hydrates that markup (prerender.tsx renders FirstViewHeaders).
 * Then the app keeps the one the viewport shows, the same element (keyed), and drops the other,
 * instead of building its header a second time.
 */
export function ShellHeaders({ variant, headerRef }: { variant: HeaderVariant; headerRef?: (el: HTMLElement | null) => void }) {
  const both = variant === 'both';
  return (
    <>
      {HEADERS.filter(({ key }) => both || key === variant).map(({ key, Header }) => (
        <header key={key} ref={both ? undefined : headerRef} className="shell-header" {...(both ? { [HEADER_VARIANT_ATTRIBUTE]: key } : {})}>
          <Header />
        </header>
      ))}
    </>
  );
}

/** Both headers, as the server's first view renders them. */
export function FirstViewHeaders() {
  return <ShellHeaders variant="both" />;
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
