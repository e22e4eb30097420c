import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isApiError, resendOfferingVerification } from '@wishlist/api-client';
import { Button } from '@wishlist/ui';
import { ProductRow } from '../components/ProductRow';
import { GiftIcon } from '../components/Icons';
import { usePage } from '../components/usePage';
import { localizedPath } from '@wishlist/i18n';
import { useBasketT } from '../i18n';
import '../strings/created';
import { unitsOf, useBasketStore } from '@wishlist/stores';
import { readCreatedOffer } from '../lib/offerMemory';
import { addMorePath } from './BasketPage';
import '../styles/basket.css';

type ResendOutcome = 'resent' | 'resendTooSoon' | 'resendLimit' | 'resendConfirmed' | 'resendExpired' | 'resendFailed';

function resendOutcome(err: unknown): ResendOutcome {
  if (!isApiError(err)) return 'resendFailed';
  const code = (err.data as { error?: { code?: unknown } } | null)?.error?.code;
  if (err.status === 429) return code === 'verification_mail_limit' ? 'resendLimit' : 'resendTooSoon';
  if (err.status === 409) return 'resendConfirmed';
  if (err.status === 410) return 'resendExpired';
  return 'resendFailed';
}

/**
 * `/offer-created/{offeringId}`: the products just offered and a message that depends on the
 * address choice, or, when the giver must first confirm their address, what to do with the
 * verification mail and a button to have it sent again (only in the browser that made the offer:
 * the memory is in its session). Opened elsewhere (another tab, a reload after the session ended)
 * it shows a generic confirmation.
 */
export default function OfferCreatedPage() {
  const { t, lang } = useBasketT();
  const { offeringId = '' } = useParams<{ offeringId: string }>();
  const memory = useMemo(() => readCreatedOffer(offeringId), [offeringId]);
  const confirming = memory?.confirmationRequired === true;
  const heading = usePage(t(confirming ? 'created.confirmDocumentTitle' : 'created.documentTitle'));
  const [resending, setResending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);
  const resend = async () => {
    if (resending) return;
    setResending(true);
    setOutcome(null);
    try {
      await resendOfferingVerification(offeringId);
      setOutcome('resent');
    } catch (err) {
      setOutcome(resendOutcome(err));
    } finally {
      setResending(false);
    }
  };
  const lastListId = useBasketStore((s) => s.lastListId);
  // The list these products came from first (the offer just sent), then the last one viewed.
  // The list the offered products came from first, else the last one viewed, else home.
  const home = localizedPath('home', lang);
  const fromOffer = addMorePath(memory?.products ?? [], undefined, lang);
  const back = fromOffer !== home ? fromOffer : addMorePath([], lastListId, lang);

  return (
    <div className="basket-page basket-page--narrow">
      <div className="basket-hero" aria-hidden="true">
        <GiftIcon size={40} />
      </div>
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {t(confirming ? 'created.confirmTitle' : 'created.title')}
      </h1>
      <p className="basket-lead" data-testid="offer-created-message">
        {confirming ? t('created.messageConfirm') : memory ? t(memory.isExpectingAddress ? 'created.messageExpecting' : 'created.messageKnown') : t('created.generic')}
      </p>
      {confirming && (
        <div className="basket-resend">
          <p className="basket-muted">{t('created.resendHint')}</p>
          <Button type="button" variant="secondary" loading={resending} onClick={() => void resend()}>
            {t('created.resend')}
          </Button>
          <p role="status" className="basket-muted basket-resend__status" data-testid="offer-resend-status">
            {outcome ? t(`created.${outcome}`) : ''}
          </p>
        </div>
      )}
      {memory && memory.products.length > 0 && (
        <section aria-labelledby="offer-created-products">
          <h2 id="offer-created-products" className="basket-subtitle">
            {t('created.productsTitle')}
          </h2>
          <ul className="basket-list">
            {memory.products.map((p) => (
              <ProductRow
                key={p.id}
                product={p}
                note={unitsOf(p) > 1 ? <p className="basket-row__units">{t('created.units', { count: unitsOf(p) })}</p> : undefined}
              />
            ))}
          </ul>
        </section>
      )}
      <p className="basket-actions-row">
        {back === home ? (
          <Link to={home} className="ui-button ui-button--secondary ui-button--md">
            <span className="ui-button__label">{t('created.home')}</span>
          </Link>
        ) : (
          <Link to={back} className="ui-button ui-button--secondary ui-button--md">
            <span className="ui-button__label">{t('created.backToList')}</span>
          </Link>
        )}
      </p>
    </div>
  );
}
