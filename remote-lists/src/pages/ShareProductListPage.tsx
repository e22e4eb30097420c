import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { giftsHidden, type ProductList } from '@wishlist/contracts';
import { getProductLists, isSignedOutError, refreshDefaultListId, resetShareLink } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { Button, ConfirmDialog, useIsMobile } from '@wishlist/ui';
import { CheckIcon, CopyIcon, ExternalIcon, MailIcon, ShareIcon } from '../components/Icons';
import { PageError, PageLoading } from '../components/PageState';
import { useListsT } from '../i18n';
import { isUnreachable } from '../lib/errors';
import { paths } from '../lib/paths';
import { shareLink, shareUrls } from '../lib/share';
import { usePageTitle } from '../lib/usePageTitle';
import { useListsStore } from '../state/listsStore';
import '../styles/lists.css';

/**
 * `/share-product-list/{defaultProductListId}` (login required, SPEC §2 sharing page): list picker,
 * share links (social network, messaging app, microblog, e-mail), the link {host}/see/{id} with a
 * copy button, and the Web Share API on mobile when the browser has it. No third-party script.
 * The owner can reset the link: the list gets a new id, the old link stops working.
 */
export default function ShareProductListPage() {
  const { t } = useListsT();
  const navigate = useNavigate();
  const { defaultProductListId = '' } = useParams();
  const isMobile = useIsMobile();
  const pickerId = useId();
  const linkId = useId();
  const linkInput = useRef<HTMLInputElement>(null);
  const [lists, setLists] = useState<ProductList[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  // A reset list answers under its new id: the page follows it instead of showing another list.
  const moved = useRef<{ from: string; to: string } | null>(null);
  usePageTitle(t('share.documentTitle'), t('common.siteName'));

  const load = useCallback(() => {
    setFailed(false);
    getProductLists({ summary: true }).then(
      (all) => setLists(all.filter((l) => l.isOwner !== false)),
      (e: unknown) => {
        if (isSignedOutError(e)) return;
        if (isUnreachable(e)) navigate(paths.serverError, { replace: true });
        else {
          setFailed(true);
          notify({ type: 'error', message: t('notifications.listsLoadFailed') });
        }
      },
    );
  }, [navigate, t]);
  useEffect(load, [load]);

  const wanted = moved.current?.from === defaultProductListId ? moved.current.to : defaultProductListId;
  const list = lists?.find((l) => l.id === wanted) ?? lists?.[0];
  // An unknown or foreign id shows the first owned list, and the address says so.
  useEffect(() => {
    if (list && list.id !== defaultProductListId) navigate(paths.share(list.id), { replace: true });
  }, [list, defaultProductListId, navigate]);
  useEffect(() => setCopied(false), [list?.id]);

  if (failed) return <PageError title={t('share.errorTitle')} text={t('share.errorText')} onRetry={load} />;
  if (!lists || !list) return <PageLoading label={t('share.loading')} />;

  const link = shareLink(list.id);
  const texts = {
    subject: t('share.subject', { name: list.name }),
    body: t('share.body', { name: list.name, link }),
    text: t('share.text', { name: list.name, link }),
    short: t('share.textShort', { name: list.name }),
  };
  const urls = shareUrls(link, texts);
  const canShareNatively = isMobile && typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notify({ type: 'success', message: t('notifications.linkCopied') });
    } catch {
      linkInput.current?.select();
      notify({ type: 'error', message: t('notifications.copyFailed') });
    }
  };

  const reset = async () => {
    setResetting(true);
    try {
      const next = await resetShareLink(list.id);
      moved.current = { from: list.id, to: next.id };
      setLists((all) => (all ?? []).map((l) => (l.id === list.id ? { ...l, id: next.id } : l)));
      // Pages already loaded name the list by its old id, and it may have been the default list.
      useListsStore.getState().reset();
      void refreshDefaultListId().catch(() => undefined);
      notify({ type: 'success', message: t('share.resetDone') });
    } catch (e) {
      if (isSignedOutError(e)) return;
      notify({ type: 'error', message: t('share.resetFailed') });
    } finally {
      setResetting(false);
      setConfirmingReset(false);
    }
  };

  const external = (href: string, label: string, icon: ReactNode, className: string) => (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" className={`lists-share__button ${className}`}>
        {icon}
        <span>{label}</span>
        <span className="ui-visually-hidden"> {t('share.newTab')}</span>
      </a>
    </li>
  );

  return (
    <section className="lists-page lists-page--narrow lists-share">
      <h1>{t('share.title')}</h1>
      <p className="lists-lead">{t('share.lead')}</p>

      <div className="ui-field">
        <label className="ui-field__label" htmlFor={pickerId}>
          {t('share.picker')}
        </label>
        <select id={pickerId} className="ui-field__input lists-select" value={list.id} onChange={(e) => navigate(paths.share(e.target.value), { replace: true })}>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </div>

      <div className="ui-field">
        <label className="ui-field__label" htmlFor={linkId}>
          {t('share.linkLabel')}
        </label>
        <div className="lists-share__link">
          <input ref={linkInput} id={linkId} className="ui-field__input" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" icon={copied ? <CheckIcon /> : <CopyIcon />} onClick={() => void copy()}>
            {copied ? t('share.copied') : t('share.copy')}
          </Button>
        </div>
        <p className="ui-field__hint lists-share__see">
          <Link to={paths.preview(list.id)}>{t('share.preview')}</Link>
          <Link to={paths.listing(list.id)}>{t('share.open')}</Link>
        </p>
        {giftsHidden(list, new Date()) && (
          <p className="ui-field__hint" role="note">
            {t('surprise.shareNote')}
          </p>
        )}
      </div>

      <h2 className="lists-section-title">{t('share.buttons')}</h2>
      <ul className="lists-share__buttons">
        {canShareNatively && (
          <li>
            <button
              type="button"
              className="lists-share__button lists-share__button--native"
              onClick={() => void navigator.share({ title: texts.short, text: texts.short, url: link }).catch(() => undefined)}
            >
              <ShareIcon />
              <span>{t('share.native')}</span>
            </button>
          </li>
        )}
        {external(urls.facebook, t('share.facebook'), <ExternalIcon />, 'lists-share__button--facebook')}
        {external(urls.whatsapp, t('share.whatsapp'), <ExternalIcon />, 'lists-share__button--whatsapp')}
        {external(urls.twitter, t('share.twitter'), <ExternalIcon />, 'lists-share__button--twitter')}
        <li>
          <a href={urls.email} className="lists-share__button lists-share__button--email">
            <MailIcon />
            <span>{t('share.email')}</span>
          </a>
        </li>
      </ul>

      <h2 className="lists-section-title">{t('share.resetTitle')}</h2>
      <p className="lists-lead">{t('share.resetText')}</p>
      <Button variant="secondary" onClick={() => setConfirmingReset(true)}>
        {t('share.reset')}
      </Button>
      <ConfirmDialog
        open={confirmingReset}
        title={t('share.resetConfirmTitle', { name: list.name })}
        confirmLabel={t('share.resetConfirm')}
        cancelLabel={t('share.resetCancel')}
        onConfirm={() => void reset()}
        onCancel={() => setConfirmingReset(false)}
        busy={resetting}
      >
        <p>{t('share.resetConfirmText')}</p>
      </ConfirmDialog>
    </section>
  );
}
