import { useBasketT } from '../i18n';
import '../strings/offering';

/**
 * In place of the products of an offer on a surprise list, before its reveal (`productsHidden`):
 * the service sent none, and this says when they will show.
 */
export function OfferingSurprise({ revealsAt }: { revealsAt: string | null }) {
  const { t, lang } = useBasketT();
  const at = revealsAt ? new Date(revealsAt) : null;
  const date =
    at && !Number.isNaN(at.getTime()) ? new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at) : null;
  return (
    <section aria-labelledby="offering-surprise" className="basket-section">
      <h2 id="offering-surprise" className="basket-subtitle">
        {t('offering.surprise.title')}
      </h2>
      <p className="basket-lead">{t('offering.surprise.hidden')}</p>
      <p className="basket-muted">{date ? t('offering.surprise.revealOn', { date }) : t('offering.surprise.revealWhenYouChoose')}</p>
    </section>
  );
}
