import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { confirmOffering, isApiError } from '@wishlist/api-client';
import { localizedPath } from '@wishlist/i18n';
import { Button } from '@wishlist/ui';
import { GiftIcon } from '../components/Icons';
import { usePage } from '../components/usePage';
import { useBasketT } from '../i18n';
import '../strings/confirmation';
import '../styles/basket.css';

type Problem = 'invalid' | 'expired' | 'tooMany' | 'failed';

/** The code of the verification mail's link: in the fragment (`#code=…`, kept out of server logs), else the query. */
export function linkCode(hash: string, search: string): string {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('code');
  return (fromHash ?? new URLSearchParams(search).get('code') ?? '').trim();
}

function problemOf(err: unknown): Problem {
  if (!isApiError(err)) return 'failed';
  if (err.status === 404 || err.status === 400) return 'invalid';
  if (err.status === 410) return 'expired';
  if (err.status === 429) return 'tooMany';
  return 'failed';
}

/**
 * `/{lang}/offer-confirmation/{offeringId}#code=…` (the verification mail's link; no sign-in).
 * Opening it changes nothing (mail scanners open links): it says in neutral terms what confirming
 * does, and only the button confirms. Nothing of the offer is shown: whoever opens the link may not
 * be the person who made it.
 */
export default function OfferConfirmationPage() {
  const { t, lang } = useBasketT();
  const { offeringId = '' } = useParams<{ offeringId: string }>();
  const { hash, search } = useLocation();
  const code = useMemo(() => linkCode(hash, search), [hash, search]);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(code ? null : 'invalid');
  const heading = usePage(t(done ? 'confirmation.doneDocumentTitle' : 'confirmation.documentTitle'), done ? 'done' : 'open');

  const confirm = async () => {
    if (sending || !code) return;
    setSending(true);
    setProblem(null);
    try {
      await confirmOffering(offeringId, code);
      setDone(true);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setSending(false);
    }
  };
  // Only a passing failure can be tried again; a wrong or expired link cannot.
  const canConfirm = !done && code !== '' && problem !== 'invalid' && problem !== 'expired';

  return (
    <div className="basket-page basket-page--narrow basket-confirmation">
      <div className="basket-hero" aria-hidden="true">
        <GiftIcon size={40} />
      </div>
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {t(done ? 'confirmation.doneTitle' : 'confirmation.title')}
      </h1>
      {done ? (
        <p className="basket-lead" data-testid="offer-confirmation-done">
          {t('confirmation.done')}
        </p>
      ) : (
        <>
          <p className="basket-lead">{t('confirmation.lead')}</p>
          <p id="offer-confirmation-summary">{t('confirmation.summaryTitle')}</p>
          <ul className="basket-confirmation-summary" aria-labelledby="offer-confirmation-summary">
            <li>{t('confirmation.summaryOwner')}</li>
            <li>{t('confirmation.summaryMail')}</li>
          </ul>
          <p className="basket-muted">{t('confirmation.notYou')}</p>
        </>
      )}
      <div role="alert">
        {problem && (
          <p className="basket-notice" data-testid="offer-confirmation-problem">
            {t(`confirmation.${problem}`)}
          </p>
        )}
      </div>
      <p className="basket-actions-row">
        {canConfirm && (
          <Button type="button" size="lg" loading={sending} onClick={() => void confirm()}>
            {t('confirmation.confirm')}
          </Button>
        )}
        {(done || !canConfirm) && (
          <Link to={localizedPath('home', lang)} className="ui-button ui-button--secondary ui-button--md">
            <span className="ui-button__label">{t('confirmation.home')}</span>
          </Link>
        )}
      </p>
    </div>
  );
}
