// /share-target?title=…&text=…&url=…: where Android sends what another app shared,
// through the web app manifest's `share_target`. The product URL is `url`, else the first http(s)
// link in `text`, then in `title` (@wishlist/contracts `productUrlFromShare`). With one, the page
// hands over at once to product creation from that URL (SPEC §2 product-creation-from-url: the
// form on mobile, the listing's creation panel on desktop), into the default list; that route is
// login-required, so a signed-out person signs in first and comes back to it (auth-redirection).
// Without one: say so, and offer the manual form.
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { productCreationFromUrlPath, productUrlFromShare, SHARE_TARGET_PARAMS } from '@wishlist/contracts';
import { useListsT } from '../../i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import { useProductsT } from '../i18n';

/** How much of what was shared is quoted back (a whole article can be shared as text). */
export const QUOTE_MAX = 280;

export default function ShareTargetPage() {
  const [query] = useSearchParams();
  const { t } = useProductsT();
  const { t: tLists } = useListsT();
  const shared = {
    title: query.get(SHARE_TARGET_PARAMS.title),
    text: query.get(SHARE_TARGET_PARAMS.text),
    url: query.get(SHARE_TARGET_PARAMS.url),
  };
  const url = productUrlFromShare(shared);
  usePageTitle(url ? t('titles.create') : t('shareTarget.title'), tLists('common.siteName'));

  // Replace: Back from the form must not land here again (it would redirect once more).
  if (url) return <Navigate to={productCreationFromUrlPath(url)} replace />;

  const received = [shared.title, shared.text, shared.url]
    .map((s) => s?.trim())
    .filter((s): s is string => Boolean(s))
    .filter((s, i, all) => all.indexOf(s) === i)
    .join(' — ');
  const quote = received.length > QUOTE_MAX ? `${received.slice(0, QUOTE_MAX - 1)}…` : received;

  return (
    <div className="lists-pf-page lists-share-target">
      <h1 className="lists-pf-title">{t('shareTarget.title')}</h1>
      <p role="status">{t('shareTarget.noLink')}</p>
      {quote ? (
        <figure className="lists-share-target__received">
          <figcaption className="lists-pf-muted">{t('shareTarget.received')}</figcaption>
          <blockquote className="lists-pf-url-text">{quote}</blockquote>
        </figure>
      ) : (
        <p className="lists-pf-muted">{t('shareTarget.nothing')}</p>
      )}
      <p>{t('shareTarget.hint')}</p>
      <div className="lists-share-target__actions">
        <Link to="/create-product" className="ui-button ui-button--primary ui-button--lg">
          <span className="ui-button__label">{t('shareTarget.manual')}</span>
        </Link>
        <Link to="/how-to-use-android-app" className="lists-share-target__guide">
          {t('shareTarget.guide')}
        </Link>
      </div>
    </div>
  );
}
