import { useEffect, useRef } from 'react';
import { useBasketT } from '../i18n';
import '../strings/common';

/**
 * Sets the document title and moves focus to the page's <h1> when the page opens (so a screen
 * reader announces where a navigation landed).
 */
export function usePage(documentTitle: string, focusKey?: string, skipFocus = false) {
  const { t } = useBasketT();
  const heading = useRef<HTMLHeadingElement>(null);
  const site = t('common.siteName');
  useEffect(() => {
    document.title = `${documentTitle} · ${site}`;
  }, [documentTitle, site]);
  // A dialog opened on load keeps the focus (skipFocus).
  const skip = useRef(skipFocus);
  skip.current = skipFocus;
  useEffect(() => {
    if (!skip.current) heading.current?.focus({ preventScroll: true });
  }, [focusKey]);
  return heading;
}
