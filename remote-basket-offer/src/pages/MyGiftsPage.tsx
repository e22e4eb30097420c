import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { getGifts, isApiError, type GiftPledgeView, type GiftsAccess, type GiftView } from '@wishlist/api-client';
import { formatPrice } from '@wishlist/contracts';
import { localizedPath } from '@wishlist/i18n';
import { hasSession, isSessionKnown, useSessionStore } from '@wishlist/stores';
import { Button, Spinner } from '@wishlist/ui';
import { GiftCard } from '../components/GiftCard';
import { GiftPledges } from '../components/GiftPledges';
import { usePage } from '../components/usePage';
import { useBasketT } from '../i18n';
import { linkToken } from './OfferWithdrawalPage';
import '../strings/gifts';
import '../styles/basket.css';
import '../styles/gifts.css';

/** The signed-in page: login-required in the shell's route table (sign-in comes back here). */
export const ACCOUNT_GIFTS_PATH = '/my-gifts';

type Problem = 'invalid' | 'tooMany' | 'failed';

function problemOf(err: unknown): Problem {
  if (!isApiError(err)) return 'failed';
  if (err.status === 404 || err.status === 400) return 'invalid';
  if (err.status === 429) return 'tooMany';
  return 'failed';
}

/**
 * "My gifts": `/{lang}/my-gifts#token=…` (the link of the giver's mails; no account: the token
 * opens the gifts made with that address) or `/my-gifts` signed in (the account's gifts on every
 * list). Opening it changes nothing; each gift's marks, note and cost are saved by its own button.
 */
export default function MyGiftsPage() {
  const { t, lang } = useBasketT();
  const { hash } = useLocation();
  const token = useMemo(() => linkToken(hash), [hash]);
  const signedIn = useSessionStore((s) => hasSession(s));
  const known = useSessionStore((s) => isSessionKnown(s));
  const access: GiftsAccess | undefined = token ? { token } : signedIn ? null : undefined;
  const [gifts, setGifts] = useState<GiftView[] | null>(null);
  const [pledges, setPledges] = useState<GiftPledgeView[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);

  const load = useCallback(
    (signal?: { cancelled: boolean }) => {
      if (access === undefined) return;
      setProblem(null);
      getGifts(access).then(
        (found) => {
          if (signal?.cancelled) return;
          setGifts(found.gifts);
          setPledges(found.pledges);
        },
        (err: unknown) => {
          if (!signal?.cancelled) setProblem(problemOf(err));
        },
      );
    },
    // `access` is a new object each render: its token (or the account) is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token, signedIn],
  );
  useEffect(() => {
    const signal = { cancelled: false };
    load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load]);

  const signedOut = access === undefined && known;
  const view = problem === 'invalid' ? 'invalid' : signedOut ? 'signedOut' : gifts ? 'gifts' : 'loading';
  const heading = usePage(t('gifts.documentTitle'), view);
  const spent = (gifts ?? []).reduce((sum, g) => sum + (g.stage !== 'refused' && g.stage !== 'withdrawn' ? (g.cost ?? 0) : 0), 0);
  const replace = (changed: GiftView) => setGifts((all) => (all ?? []).map((g) => (g.id === changed.id ? changed : g)));
  const home = (
    <Link to={localizedPath('home', lang)} className="ui-button ui-button--secondary ui-button--md">
      <span className="ui-button__label">{t('gifts.home')}</span>
    </Link>
  );

  if (view === 'loading') {
    return (
      <div className="basket-page basket-page--narrow basket-loading" role="status">
        <h1 ref={heading} tabIndex={-1} className="basket-visually-hidden">
          {t('gifts.title')}
        </h1>
        {problem ? (
          <>
            <p className="basket-notice" role="alert" data-testid="my-gifts-problem">
              {t(`gifts.${problem}`)}
            </p>
            <p className="basket-actions-row">
              <Button type="button" onClick={() => load()}>
                {t('gifts.retry')}
              </Button>
            </p>
          </>
        ) : (
          <Spinner size="lg" label={t('gifts.loading')} />
        )}
      </div>
    );
  }

  if (view === 'invalid' || view === 'signedOut') {
    return (
      <div className="basket-page basket-page--narrow">
        <h1 ref={heading} tabIndex={-1} className="basket-title">
          {t(view === 'invalid' ? 'gifts.invalidTitle' : 'gifts.signedOutTitle')}
        </h1>
        <p className={view === 'invalid' ? 'basket-notice' : 'basket-lead'}>{t(view === 'invalid' ? 'gifts.invalid' : 'gifts.signedOut')}</p>
        <p className="basket-actions-row">
          {!signedIn && (
            <Link to={ACCOUNT_GIFTS_PATH} className="ui-button ui-button--primary ui-button--md">
              <span className="ui-button__label">{t('gifts.signIn')}</span>
            </Link>
          )}
          {home}
        </p>
      </div>
    );
  }

  const list = gifts ?? [];
  return (
    <div className="basket-page basket-page--narrow my-gifts">
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {t('gifts.title')}
      </h1>
      <p className="basket-lead">{t(token ? 'gifts.leadLink' : 'gifts.leadAccount')}</p>
      {list.length === 0 && pledges.length === 0 ? (
        <p className="basket-notice basket-notice--info">{t('gifts.empty')}</p>
      ) : (
        <>
          {list.length > 0 && (
            <p className="basket-meta my-gifts__summary" data-testid="my-gifts-summary">
              <span>{t('gifts.summary', { count: list.length })}</span>
              {spent > 0 && <span>{t('gifts.spent', { amount: formatPrice(spent, lang) })}</span>}
            </p>
          )}
          <div className="my-gifts__list">
            {list.map((g) => (
              <GiftCard key={g.id} gift={g} access={access ?? null} onChange={replace} />
            ))}
          </div>
          <GiftPledges pledges={pledges} />
        </>
      )}
      <p className="basket-actions-row">{home}</p>
    </div>
  );
}
