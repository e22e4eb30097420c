import { Navigate, useLocation } from 'react-router-dom';
import { contentPageFromPath, localizedPath } from '@wishlist/i18n';
import { RemotePage } from '../federation/RemotePage';
import type { RemoteModuleId } from '../federation/remoteLoader';

/**
 * A localized content page. A slug given in the other language (e.g. /fr/privacy-policy) is
 * redirected to the canonical one for the path's language.
 */
export function ContentRoute({ module }: { module: RemoteModuleId }) {
  const { pathname, search, hash } = useLocation();
  const page = contentPageFromPath(pathname);
  if (page) {
    const canonical = localizedPath(page.key, page.lang);
    if (canonical !== pathname.replace(/\/+$/, '')) return <Navigate to={canonical + search + hash} replace />;
  }
  return <RemotePage module={module} />;
}
