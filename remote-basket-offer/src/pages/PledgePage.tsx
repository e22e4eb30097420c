import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { confirmPledge, getPledge, isApiError, withdrawPledge, type PledgeView } from '@wishlist/api-client';
import { formatPrice } from '@wishlist/contracts';
import { localizedPath } from '@wishlist/i18n';
import { Button, Spinner } from '@wishlist/ui';
import { PledgeProgress } from '../components/PledgeProgress';
import { usePage } from '../components/usePage';
import { useBasketT } from '../i18n';
import { linkToken } from './OfferWithdrawalPage';
import '../strings/pledge';
import '../styles/basket.css';

type Problem = 'invalid' | 'expired' | 'tooLate' | 'rateLimited' | 'failed';

function problemOf(err: unknown): Problem {
  if (!isApiError(err)) return 'failed';
  if (err.status === 404 || err.status === 400) return 'invalid';
  if (err.status === 410) return 'expired';
  if (err.status === 409) return 'tooLate';
  if (err.status === 429) return 'rateLimited';
  return 'failed';
}

/**
 * `/{lang}/pledge/{pledgeId}#token=…` (the pledge mail's link; no sign-in). Opening it changes
 * nothing (mail scanners open links): the pledger confirms with the button. Then it shows their
 * pledge, the gift's progress and the names of the others (never their amounts), and lets them
 * withdraw until the gift is fully pledged.
 */
export default function PledgePage() {
  const { t, lang } = useBasketT();
  const { pledgeId = '' } = useParams<{ pledgeId: string }>();
  const { hash } = useLocation();
  const token = useMemo(() => linkToken(hash), [hash]);
  const [pledge, setPledge] = useState<PledgeView | null>(null);
  const [problem, setProblem] = useState<Problem | null>(token ? null : 'invalid');
  const [busy, setBusy] = useState<'confirm' | 'withdraw' | null>(null);
  const heading = usePage(t('pledge.pageDocumentTitle'), pledge?.state ?? problem ?? 'loading');

  const load = useCallback(async () => {
    if (!token) return;
    setProblem(null);
    try {
      setPledge(await getPledge(pledgeId, token));
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, [pledgeId, token]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (what: 'confirm' | 'withdraw') => {
    if (busy) return;
    setBusy(what);
    setProblem(null);
    try {
      if (what === 'confirm') await confirmPledge(pledgeId, token);
      else await withdrawPledge(pledgeId, token);
      setPledge(await getPledge(pledgeId, token));
    } catch (err) {
      setProblem(problemOf(err));
      if (isApiError(err) && (err.status === 409 || err.status === 410)) void load();
    } finally {
      setBusy(null);
    }
  };

  const home = (
    <Link to={localizedPath('home', lang)} className="ui-button ui-button--secondary ui-button--md">
      <span className="ui-button__label">{t('pledge.home')}</span>
    </Link>
  );

  if (!pledge) {
    if (!problem) {
      return (
        <div className="basket-page basket-page--narrow basket-loading" role="status">
          <h1 ref={heading} tabIndex={-1} className="basket-visually-hidden">
            {t('pledge.pageDocumentTitle')}
          </h1>
          <Spinner size="lg" label={t('pledge.loading')} />
        </div>
      );
    }
    return (
      <div className="basket-page basket-page--narrow">
        <h1 ref={heading} tabIndex={-1} className="basket-title">
          {problem === 'invalid' ? t('pledge.invalidTitle') : t('pledge.pageDocumentTitle')}
        </h1>
        <p className="basket-notice" role="alert" data-testid="pledge-problem">
          {problem === 'invalid' ? t('pledge.invalid') : problem === 'expired' ? t('pledge.expired') : problem === 'rateLimited' ? t('pledge.errors.rateLimited') : t('pledge.loadFailed')}
        </p>
        <p className="basket-actions-row">
          {problem !== 'invalid' && problem !== 'expired' && (
            <Button type="button" onClick={() => void load()}>
              {t('pledge.retry')}
            </Button>
          )}
          {home}
        </p>
      </div>
    );
  }

  const money = (c: number) => formatPrice(c, lang);
  const stateText: Record<PledgeView['state'], string> = {
    unconfirmed: t('pledge.unconfirmed'),
    confirmed: t('pledge.confirmed'),
    complete: t('pledge.completeText'),
    withdrawn: t('pledge.withdrawn'),
    expired: t('pledge.expired'),
  };
  const counts = pledge.state !== 'withdrawn' && pledge.state !== 'expired';
  return (
    <div className="basket-page basket-page--narrow">
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {t('pledge.pageTitle', { name: pledge.product.name })}
      </h1>
      <div data-testid="pledge-state" data-state={pledge.state}>
        <p className="basket-lead">{stateText[pledge.state]}</p>
        {counts && <p className="basket-subtitle">{t('pledge.yourPledge', { amount: money(pledge.amount) })}</p>}
        {pledge.requested > pledge.amount && counts && (
          <p className="basket-muted">{t('pledge.cut', { requested: money(pledge.requested), amount: money(pledge.amount) })}</p>
        )}
      </div>
      <PledgeProgress pledged={pledge.pledged} price={pledge.product.price} />
      {counts && (
        <p className="basket-muted" data-testid="pledge-others">
          {pledge.others.length > 0 ? t('pledge.others', { count: pledge.others.length, names: pledge.others.join(', ') }) : t('pledge.noOthers')}
        </p>
      )}
      <div role="alert">
        {problem && (
          <p className="basket-notice" data-testid="pledge-problem">
            {problem === 'tooLate' ? t('pledge.tooLate') : problem === 'expired' ? t('pledge.expired') : problem === 'rateLimited' ? t('pledge.errors.rateLimited') : t('pledge.errors.failed')}
          </p>
        )}
      </div>
      <p className="basket-actions-row">
        {pledge.state === 'unconfirmed' && (
          <Button type="button" size="lg" loading={busy === 'confirm'} onClick={() => void act('confirm')}>
            {t('pledge.confirm')}
          </Button>
        )}
        {pledge.withdrawable && (
          <Button type="button" variant="danger" loading={busy === 'withdraw'} onClick={() => void act('withdraw')} aria-describedby="pledge-withdraw-hint">
            {t('pledge.withdraw')}
          </Button>
        )}
        {home}
      </p>
      {pledge.withdrawable && (
        <p id="pledge-withdraw-hint" className="basket-muted">
          {t('pledge.withdrawHint')}
        </p>
      )}
    </div>
  );
}
