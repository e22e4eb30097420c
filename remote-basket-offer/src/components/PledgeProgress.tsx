import { formatPrice } from '@wishlist/contracts';
import { useBasketT } from '../i18n';
import '../strings/pledge';

/** "120 € of 300 € pledged" with a bar; the numbers are the text, the bar repeats them for the eye. */
export function PledgeProgress({ pledged, price }: { pledged: number; price: number }) {
  const { t, lang } = useBasketT();
  const text = t('pledge.progress', { pledged: formatPrice(pledged, lang), price: formatPrice(price, lang) });
  const percent = price > 0 ? Math.min(100, Math.round((pledged / price) * 100)) : 0;
  return (
    <div className="basket-pledge-progress" data-testid="pledge-progress">
      <div className="basket-pledge-progress__bar" role="progressbar" aria-label={t('pledge.progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="basket-muted">{text}</p>
    </div>
  );
}
