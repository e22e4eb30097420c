import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { getOfferingWithdrawal, isApiError, withdrawOffering, type OfferingWithdrawal } from '@wishlist/api-client';
import { localizedPath } from '@wishlist/i18n';
import { Button, Spinner } from '@wishlist/ui';
import { ProductRow } from '../components/ProductRow';
import { usePage } from '../components/usePage';
import { useBasketT } from '../i18n';
import '../strings/withdrawal';
import '../styles/basket.css';

/** What the page shows: the offer to withdraw, an outcome, or why it cannot. */
type View = 'loading' | 'pending' | 'done' | 'address-given' | 'refused' | 'expired' | 'withdrawn' | 'invalid';
/** A passing failure (the button or Retry may try again). */
type Problem = 'tooMany' | 'failed';

/** The token of the receipt mail's link: in the fragment (`#token=…`, kept out of server logs). */
export function linkToken(hash: string): string {
  return (new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '').trim();
}

/** The view an API error leads to (a 409/410 says which answer came first), or a passing problem. */
function outcomeOf(err: unknown): { view: View } | { problem: Problem } {
  if (!isApiError(err)) return { problem: 'failed' };
  const code = (err.data as { error?: { code?: string } } | undefined)?.error?.code;
  if (err.status === 404 || err.status === 400) return { view: 'invalid' };
  if (err.status === 410) return { view: 'expired' };
  if (err.status === 409) return { view: code === 'offering_refused' ? 'refused' : 'address-given' };
  if (err.status === 429) return { problem: 'tooMany' };
  return { problem: 'failed' };
}

const TOO_LATE: Partial<Record<View, 'answered' | 'refused' | 'expired'>> = { 'address-given': 'answered', refused: 'refused', expired: 'expired' };

/**
 * `/{lang}/offer-withdrawal/{offeringId}#token=…` (the receipt mail's link; no sign-in). It shows
 * that one offering (the gifts, the giver's name and message) and asks to confirm: opening the
 * link changes nothing (mail scanners open links); only the button withdraws. Once the owner has
 * answered, or the offer expired, it says it is too late and why.
 */
export default function OfferWithdrawalPage() {
  const { t, lang } = useBasketT();
  const { offeringId = '' } = useParams<{ offeringId: string }>();
  const { hash } = useLocation();
  const token = useMemo(() => linkToken(hash), [hash]);
  const [offering, setOffering] = useState<OfferingWithdrawal | null>(null);
  const [view, setView] = useState<View>(token ? 'loading' : 'invalid');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);

  const load = useCallback(
    (signal?: { cancelled: boolean }) => {
      if (!token) return;
      setProblem(null);
      getOfferingWithdrawal(offeringId, token).then(
        (o) => {
          if (signal?.cancelled) return;
          setOffering(o);
          setView(o.state);
        },
        (err: unknown) => {
          if (signal?.cancelled) return;
          const outcome = outcomeOf(err);
          if ('view' in outcome) setView(outcome.view);
          else setProblem(outcome.problem);
        },
      );
    },
    [offeringId, token],
  );
  useEffect(() => {
    const signal = { cancelled: false };
    load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load]);

  const withdraw = async () => {
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      await withdrawOffering(offeringId, token);
      setView('done');
    } catch (err) {
      const outcome = outcomeOf(err);
      if ('view' in outcome) setView(outcome.view);
      else setProblem(outcome.problem);
    } finally {
      setSending(false);
    }
  };

  const tooLate = TOO_LATE[view];
  const title =
    view === 'pending' || view === 'loading'
      ? t('withdrawal.title')
      : view === 'done'
        ? t('withdrawal.doneTitle')
        : view === 'withdrawn'
          ? t('withdrawal.withdrawnTitle')
          : view === 'invalid'
            ? t('withdrawal.invalidTitle')
            : t('withdrawal.tooLateTitle');
  const documentTitle = t(view === 'done' || view === 'withdrawn' ? 'withdrawal.doneDocumentTitle' : tooLate ? 'withdrawal.tooLateDocumentTitle' : 'withdrawal.documentTitle');
  const heading = usePage(documentTitle, view);
  const home = (
    <Link to={localizedPath('home', lang)} className="ui-button ui-button--secondary ui-button--md">
      <span className="ui-button__label">{t(view === 'pending' ? 'withdrawal.keep' : 'withdrawal.home')}</span>
    </Link>
  );

  if (view === 'loading') {
    return (
      <div className="basket-page basket-page--narrow basket-loading" role="status">
        <h1 ref={heading} tabIndex={-1} className="basket-visually-hidden">
          {title}
        </h1>
        {problem ? (
          <>
            <p className="basket-notice" role="alert" data-testid="offer-withdrawal-problem">
              {t(`withdrawal.${problem}`)}
            </p>
            <p className="basket-actions-row">
              <Button type="button" onClick={() => load()}>
                {t('withdrawal.retry')}
              </Button>
            </p>
          </>
        ) : (
          <Spinner size="lg" label={t('withdrawal.loading')} />
        )}
      </div>
    );
  }

  const name = offering?.offererIdentity?.trim();
  const message = offering?.offererMessage?.trim();
  const showOffer = offering && (view === 'pending' || tooLate);

  return (
    <div className="basket-page basket-page--narrow basket-withdrawal">
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {title}
      </h1>
      <div data-testid="offer-withdrawal-outcome">
        {view === 'pending' && <p className="basket-lead">{t('withdrawal.lead')}</p>}
        {view === 'done' && <p className="basket-lead">{t('withdrawal.done')}</p>}
        {view === 'withdrawn' && <p className="basket-lead">{t('withdrawal.withdrawn')}</p>}
        {view === 'invalid' && <p className="basket-notice">{t('withdrawal.invalid')}</p>}
        {tooLate && <p className="basket-notice basket-notice--info">{t(`withdrawal.${tooLate}`)}</p>}
      </div>
      {showOffer && (
        <>
          {(name || message) && (
            <section aria-labelledby="withdrawal-message" className="basket-section">
              <h2 id="withdrawal-message" className="basket-subtitle">
                {t('withdrawal.messageTitle')}
              </h2>
              {name && <p className="basket-muted">{t('withdrawal.signed', { name })}</p>}
              {message && <blockquote className="basket-quote">{offering.offererMessage}</blockquote>}
            </section>
          )}
          <section aria-labelledby="withdrawal-products" className="basket-section">
            <h2 id="withdrawal-products" className="basket-subtitle">
              {t('withdrawal.productsTitle')}
            </h2>
            <ul className="basket-list">
              {offering.products.map((p, i) => (
                <ProductRow key={p.id ?? i} product={p} />
              ))}
            </ul>
          </section>
        </>
      )}
      <div role="alert">
        {problem && (
          <p className="basket-notice" data-testid="offer-withdrawal-problem">
            {t(`withdrawal.${problem}`)}
          </p>
        )}
      </div>
      <p className="basket-actions-row">
        {view === 'pending' && (
          <Button type="button" variant="danger" size="lg" loading={sending} onClick={() => void withdraw()}>
            {t('withdrawal.withdraw')}
          </Button>
        )}
        {home}
      </p>
    </div>
  );
}
