import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LIST_NAME_MAX_LENGTH, isCalendarDate, type ProductList, type UpdateProductListRequest } from '@wishlist/contracts';
import { getProductList, isSignedOutError, updateProductList } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { ListNameForm } from '../components/ListNameForm';
import { PriceAlertsSwitch } from '../components/PriceAlertsSwitch';
import { SurpriseFields, revealDay, type SurpriseChoice } from '../components/SurpriseFields';
import { PageError, PageLoading } from '../components/PageState';
import { useListsT } from '../i18n';
import { fieldErrors, isUnreachable, statusOf } from '../lib/errors';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useListsStore } from '../state/listsStore';
import '../styles/lists.css';
import { KeepersSection } from '../keepers/KeepersSection';
import { RecipientSetting } from '../keepers/RecipientChoice';

/** `/edit-product-list/{productListId}` (login required): rename; success notice, then /product-lists. */
export default function EditProductListPage() {
  const { t } = useListsT();
  const navigate = useNavigate();
  const { productListId = '' } = useParams();
  const [list, setList] = useState<ProductList | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [surprise, setSurprise] = useState<SurpriseChoice>({ surprise: false, revealAt: '' });
  const [revealError, setRevealError] = useState<string | undefined>();
  usePageTitle(t('editList.documentTitle'), t('common.siteName'));
  useEffect(() => {
    if (list) setSurprise({ surprise: list.surprise === true, revealAt: revealDay(list.revealAt) });
  }, [list]);

  /** The surprise fields that changed (none: the request is the one SPEC §7 writes). */
  const surpriseChange = (): Pick<UpdateProductListRequest, 'surprise' | 'revealAt'> => {
    const change: Pick<UpdateProductListRequest, 'surprise' | 'revealAt'> = {};
    if (surprise.surprise !== (list?.surprise === true)) change.surprise = surprise.surprise;
    const revealAt = surprise.surprise && surprise.revealAt !== '' ? surprise.revealAt : null;
    if (surprise.surprise && revealAt !== (revealDay(list?.revealAt) || null)) change.revealAt = revealAt;
    return change;
  };

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    getProductList(productListId).then(
      (l) => !cancelled && setList(l),
      (e: unknown) => {
        if (cancelled || isSignedOutError(e)) return;
        if (statusOf(e) === 404 || statusOf(e) === 400) navigate(paths.notFound, { replace: true });
        else if (isUnreachable(e)) navigate(paths.serverError, { replace: true });
        else {
          setFailed(true);
          notify({ type: 'error', message: t('notifications.listsLoadFailed') });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [productListId, attempt, navigate, t]);

  const submit = async (name: string, eventDate?: string | null) => {
    if (surprise.surprise && surprise.revealAt !== '' && !isCalendarDate(surprise.revealAt)) {
      setRevealError(t('surprise.revealInvalid'));
      throw {};
    }
    setRevealError(undefined);
    const change = surpriseChange();
    try {
      await updateProductList(productListId, eventDate === undefined ? { name, ...change } : { name, eventDate, ...change });
      useListsStore.getState().upsertList(eventDate === undefined ? { id: productListId, name, ...change } : { id: productListId, name, eventDate, ...change });
      // What the owner's views show of offers may change with the surprise: read the lists again.
      if (Object.keys(change).length > 0) void useListsStore.getState().reload().catch(() => undefined);
      notify({ type: 'success', message: t('notifications.listUpdated') });
      navigate(paths.lists);
    } catch (e) {
      const errors = fieldErrors(e);
      if (errors) {
        notify({ type: 'error', message: t('notifications.dataError') });
        if (errors.revealAt) {
          setRevealError(t('surprise.revealInvalid'));
          throw {};
        }
        throw errors.eventDate && !errors.name ? { eventDate: t('occasion.dateInvalid') } : { name: t('form.nameInvalid', { max: LIST_NAME_MAX_LENGTH }) };
      }
      if (!isSignedOutError(e)) notify({ type: 'error', message: t('notifications.listUpdateFailed') });
      throw {};
    }
  };

  if (failed) return <PageError title={t('listsPage.errorTitle')} text={t('listsPage.errorText')} onRetry={() => setAttempt((a) => a + 1)} />;
  if (!list) return <PageLoading label={t('editList.loading')} />;

  return (
    <section className="lists-page lists-page--narrow">
      <h1>{t('editList.title')}</h1>
      {list.isOwner ? (
        <ListNameForm
          initialName={list.name}
          initialDate={list.eventDate ?? null}
          withDate
          submitLabel={t('editList.submit')}
          onSubmit={submit}
          secondary={
            <Link to={paths.lists} className="ui-button ui-button--ghost ui-button--md">
              <span className="ui-button__label">{t('editList.cancel')}</span>
            </Link>
          }
        >
          <SurpriseFields value={surprise} onChange={setSurprise} error={revealError} />
        </ListNameForm>
      ) : null}
      {list.isOwner && <PriceAlertsSwitch kind="list" listId={list.id} initial={list.priceAlerts !== false} />}
      {list.isOwner && <RecipientSetting listId={list.id} initial={list.recipient ?? 'me'} />}
      {list.isOwner && <KeepersSection list={list} />}
      {list.isOwner ? null : (
        <p role="alert">
          {t('editList.notOwner')} <Link to={paths.lists}>{t('editList.cancel')}</Link>
        </p>
      )}
    </section>
  );
}
