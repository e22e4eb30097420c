import { priceTrend, sparklinePoints, type Product } from '@wishlist/contracts';
import { useListsT } from '../i18n';

const shortDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'short' }).format(new Date(iso));

/**
 * The owner's view of a product's price over time: a small line of its history (decorative) and
 * its change in words ("↓ 12 % since 3 Nov", read out as "Price down 12 % since 3 Nov"), or that
 * the price shown is old when the shop's page no longer gives one. Nothing without history.
 */
export function PriceTrend({ product, size = 'card' }: { product: Product; size?: 'card' | 'form' }) {
  const { t, lang } = useListsT();
  const history = product.priceHistory ?? [];
  const trend = priceTrend(history);
  const [width, height] = size === 'form' ? [160, 32] : [48, 14];
  const points = sparklinePoints(history, width, height);
  if (product.priceStale) {
    const at = product.priceCheckedAt ?? history[history.length - 1]?.at;
    return (
      <span className="lists-trend lists-trend--stale" data-testid="price-trend">
        {at ? t('priceWatch.stale', { date: shortDate(at, lang) }) : t('priceWatch.staleNever')}
      </span>
    );
  }
  if (!trend) return null;
  const values = { percent: Math.abs(trend.percent), date: shortDate(trend.since, lang) };
  const down = trend.percent < 0;
  return (
    <span className={`lists-trend ${down ? 'lists-trend--down' : 'lists-trend--up'} lists-trend--${size}`} data-testid="price-trend">
      {points && (
        <svg className="lists-trend__line" width={width} height={height} viewBox={`-1 -1 ${width + 2} ${height + 2}`} aria-hidden="true" focusable="false">
          <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
        </svg>
      )}
      <span aria-hidden="true">{t(down ? 'priceWatch.down' : 'priceWatch.up', values)}</span>
      <span className="ui-visually-hidden">{t(down ? 'priceWatch.downLabel' : 'priceWatch.upLabel', values)}</span>
    </span>
  );
}
