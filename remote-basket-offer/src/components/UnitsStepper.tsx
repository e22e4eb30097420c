// How many units of a product a basket line offers: − and + buttons around the number, from 1 to
// what the list still wishes. Each button names the product; the number is announced politely.
import { useBasketT } from '../i18n';
import '../strings/basket';

export function UnitsStepper({ name, units, max, onChange }: { name: string; units: number; max: number; onChange: (units: number) => void }) {
  const { t } = useBasketT();
  return (
    <div className="basket-stepper" role="group" aria-label={t('basket.unitsLabel', { name })}>
      <button
        type="button"
        className="basket-stepper__button"
        aria-label={t('basket.fewer', { name })}
        disabled={units <= 1}
        onClick={() => onChange(units - 1)}
      >
        −
      </button>
      <output className="basket-stepper__value" aria-live="polite">
        {units}
      </output>
      <button
        type="button"
        className="basket-stepper__button"
        aria-label={t('basket.more', { name })}
        disabled={units >= max}
        onClick={() => onChange(units + 1)}
      >
        +
      </button>
      <span className="basket-stepper__left">{t('basket.unitsLeft', { count: max })}</span>
    </div>
  );
}
