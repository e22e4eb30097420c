import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ListRecipient } from '@wishlist/contracts';
import { RecipientChoice } from '../keepers/RecipientChoice';
import { createProductList, isSignedOutError } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { ListNameForm } from '../components/ListNameForm';
import { useListsT } from '../i18n';
import { fieldErrors } from '../lib/errors';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useListsStore } from '../state/listsStore';
import { LIST_NAME_MAX_LENGTH } from '@wishlist/contracts';
import '../styles/lists.css';

/** `/create-product-list` (login required): name and submit; then the new, empty list. */
export default function CreateProductListPage() {
  const { t } = useListsT();
  const navigate = useNavigate();
  usePageTitle(t('createList.documentTitle'), t('common.siteName'));
  const [recipient, setRecipient] = useState<ListRecipient>('me');

  const submit = async (name: string, eventDate?: string | null) => {
    try {
      const list = await createProductList({ name, ...(eventDate ? { eventDate } : {}), ...(recipient !== 'me' ? { recipient } : {}) });
      if (useListsStore.getState().source?.kind === 'mine') useListsStore.getState().upsertList({ ...list, isOwner: true });
      notify({ type: 'success', message: t('notifications.listCreated') });
      navigate(paths.listing(list.id));
    } catch (e) {
      const errors = fieldErrors(e);
      if (errors) {
        notify({ type: 'error', message: t('notifications.dataError') });
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
        extra={<RecipientChoice value={recipient} onChange={setRecipient} />}
        secondary={
          <Link to={paths.lists} className="ui-button ui-button--ghost ui-button--md">
            <span className="ui-button__label">{t('createList.cancel')}</span>
          </Link>
        }
      />
    </section>
  );
}
