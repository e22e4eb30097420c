// The owner's price watch in the product form (edition): the price's trend and history line, when
// the shop's page last gave it, and "Check the price now".
import { useState } from 'react';
import { checkProductPrice, isApiError, isSignedOutError } from '@wishlist/api-client';
import type { Product } from '@wishlist/contracts';
import { notify } from '@wishlist/stores';
import { Button } from '@wishlist/ui';
import { PriceTrend } from '../components/PriceTrend';
import { useListsT } from '../i18n';

const longDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

export function PriceWatchPanel({ product, onChecked }: { product: Product; onChecked: (product: Product) => void }) {
  const { t, lang } = useListsT();
  const [current, setCurrent] = useState(product);
  const [busy, setBusy] = useState(false);

  async function check() {
    if (!product.id || busy) return;
    setBusy(true);
    try {
      const read = await checkProductPrice(product.id);
      setCurrent(read);
      onChecked(read);
      notify({ type: read.priceStale ? 'info' : 'success', message: t(read.priceStale ? 'priceWatch.checkedStale' : 'priceWatch.checked') });
    } catch (err) {
      if (isSignedOutError(err)) return;
      const status = isApiError(err) ? err.status : 0;
      notify({ type: 'error', message: t(status === 429 ? 'priceWatch.checkLimited' : status === 503 ? 'priceWatch.shopBusy' : 'priceWatch.checkFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="lists-price-watch" aria-label={t('priceWatch.history')}>
      <PriceTrend product={current} size="form" />
      {current.priceCheckedAt && !current.priceStale && (
        <span className="lists-price-watch__checked" data-testid="price-checked-at">
          {t('priceWatch.checkedAt', { date: longDate(current.priceCheckedAt, lang) })}
        </span>
      )}
      <Button type="button" variant="secondary" size="sm" onClick={() => void check()} loading={busy}>
        {t('priceWatch.checkNow')}
      </Button>
    </section>
  );
}
