import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ListRecipient } from '@wishlist/contracts';
import { RecipientChoice } from '../keepers/RecipientChoice';
import { createProductList, isSignedOutError } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { ListNameForm } from '../components/ListNameForm';
import { SurpriseFields, type SurpriseChoice } from '../components/SurpriseFields';
import { useListsT } from '../i18n';
import { fieldErrors } from '../lib/errors';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useListsStore } from '../state/listsStore';
import { LIST_NAME_MAX_LENGTH, isCalendarDate } from '@wishlist/contracts';
import '../styles/lists.css';

/** `/create-product-list` (login required): name and submit; then the new, empty list. */
export default function CreateProductListPage() {
  const { t } = useListsT();
  const navigate = useNavigate();
  usePageTitle(t('createList.documentTitle'), t('common.siteName'));
  // Recommended: a new list keeps the surprise unless its owner unticks it.
  const [surprise, setSurprise] = useState<SurpriseChoice>({ surprise: true, revealAt: '' });
  const [revealError, setRevealError] = useState<string | undefined>();
  const [recipient, setRecipient] = useState<ListRecipient>('me');
  // Keepers of a list for someone else see and answer its offers: no surprise to keep from them.
  const keepsSurprise = recipient !== 'someone-else' && surprise.surprise;

  const submit = async (name: string, eventDate?: string | null) => {
    const revealAt = surprise.surprise && surprise.revealAt !== '' ? surprise.revealAt : null;
    if (revealAt !== null && !isCalendarDate(revealAt)) {
      setRevealError(t('surprise.revealInvalid'));
      throw {};
    }
    setRevealError(undefined);
    try {
      const list = await createProductList({
        name,
        ...(eventDate ? { eventDate } : {}),
        ...(recipient !== 'someone-else' ? { surprise: keepsSurprise } : {}),
        ...(keepsSurprise && revealAt ? { revealAt } : {}),
        ...(recipient !== 'me' ? { recipient } : {}),
      });
      if (useListsStore.getState().source?.kind === 'mine') useListsStore.getState().upsertList({ ...list, isOwner: true });
      notify({ type: 'success', message: t('notifications.listCreated') });
      navigate(paths.listing(list.id));
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
      if (!isSignedOutError(e)) notify({ type: 'error', message: t('notifications.listCreationFailed') });
      throw {};
    }
  };

  return (
    <section className="lists-page lists-page--narrow">
      <h1>{t('createList.title')}</h1>
      <ListNameForm
        withDate
        submitLabel={t('createList.submit')}
        onSubmit={submit}
        secondary={
          <Link to={paths.lists} className="ui-button ui-button--ghost ui-button--md">
            <span className="ui-button__label">{t('createList.cancel')}</span>
          </Link>
        }
      >
        <RecipientChoice value={recipient} onChange={setRecipient} />
        {recipient !== 'someone-else' && <SurpriseFields value={surprise} onChange={setSurprise} error={revealError} />}
      </ListNameForm>
    </section>
  );
}
