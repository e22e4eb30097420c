import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { Spinner } from '@wishlist/ui';
import { useListsT } from '../i18n';

/** Pull distance (px) that triggers a refresh. */
export const PULL_TRIGGER_PX = 64;

/**
 * SPEC §2 pull-to-refresh: only when the page is scrolled to the top and no product is movable; a
 * pull while a refresh runs is ignored (the handler decides, see `useListsStore.refresh`).
 * `enabled` is asked when a gesture starts and ends, not passed as a value: a drag's start locks
 * the pull without rendering the page around it again.
 */
export function PullToRefresh({ enabled, refreshing, onRefresh, children }: { enabled: () => boolean; refreshing: boolean; onRefresh: () => void; children: ReactNode }) {
  const { t } = useListsT();
  const start = useRef<{ x: number; y: number } | null>(null);
  const [pull, setPull] = useState(0);

  const onTouchStart = (e: TouchEvent) => {
    const atTop = (window.scrollY || document.documentElement.scrollTop || 0) <= 0;
    const touch = e.touches[0];
    start.current = atTop && touch && enabled() ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchMove = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (!start.current || !touch) return;
    const dy = touch.clientY - start.current.y;
    const dx = Math.abs(touch.clientX - start.current.x);
    // A horizontal gesture is a swipe between lists, not a pull.
    if (dx > Math.abs(dy)) return setPull(0);
    setPull(dy > 0 ? Math.min(dy, PULL_TRIGGER_PX * 1.5) : 0);
  };
  const onTouchEnd = () => {
    if (start.current && pull >= PULL_TRIGGER_PX && enabled()) onRefresh();
    start.current = null;
    setPull(0);
  };

  const label = refreshing ? t('listing.refreshing') : pull >= PULL_TRIGGER_PX ? t('listing.release') : t('listing.pull');
  return (
    <div className="lists-pull" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={() => setPull(0)}>
      <div className="lists-pull__indicator" style={{ height: refreshing ? 40 : pull / 1.5 }} aria-hidden={!refreshing && pull === 0}>
        {(refreshing || pull > 0) && (
          <span className="lists-pull__label">
            {refreshing && <Spinner size="sm" />} {label}
          </span>
        )}
      </div>
      <div role="status" className="ui-visually-hidden">
        {refreshing ? t('listing.refreshing') : ''}
      </div>
      {children}
    </div>
  );
}
