import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isValidEmail, type ListManagerData, type ProductList } from '@wishlist/contracts';
import { getListManagers, inviteListManager, isSignedOutError, removeListManager } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { Button, TextField } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { fieldErrors, statusOf } from '../lib/errors';
import { errorCode } from './errorCode';
import { paths } from '../lib/paths';
import { useListsStore } from '../state/listsStore';
import './keepers.css';

const STATE_KEYS: Record<ListManagerData['state'], string> = {
  pending: 'keepers.statePending',
  expired: 'keepers.stateExpired',
  active: 'keepers.stateActive',
};

/**
 * "People who keep this list" (the list's edit page): the managers and the invitations, an
 * invitation by e-mail and removals for the owner, "leave" for a manager.
 */
export function KeepersSection({ list }: { list: Pick<ProductList, 'id' | 'name' | 'isManager'> }) {
  const { t } = useListsT();
  const navigate = useNavigate();
  const titleId = useId();
  const isOwner = !list.isManager;
  const [entries, setEntries] = useState<ListManagerData[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [inviting, setInviting] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    getListManagers(list.id).then(setEntries, (e: unknown) => {
      if (!isSignedOutError(e)) setFailed(true);
    });
  }, [list.id]);
  useEffect(load, [load]);

  const invite = async (address: string) => {
    const trimmed = address.trim();
    if (!isValidEmail(trimmed)) {
      setEmailError(t('keepers.emailInvalid'));
      return;
    }
    setInviting(true);
    setEmailError(undefined);
    try {
      const entry = await inviteListManager(list.id, trimmed);
      setEntries((all) => [...(all ?? []).filter((e) => e.id !== entry.id), entry]);
      setEmail('');
      notify({ type: 'success', message: t('keepers.invited', { email: entry.email }) });
    } catch (e) {
      if (isSignedOutError(e)) return;
      if (fieldErrors(e)?.email) setEmailError(t('keepers.emailInvalid'));
      else if (statusOf(e) === 409) notify({ type: 'error', message: t(errorCode(e) === 'already_manager' ? 'keepers.alreadyManager' : 'keepers.tooMany') });
      else notify({ type: 'error', message: t('keepers.inviteFailed') });
    } finally {
      setInviting(false);
    }
  };

  const remove = async (entry: ListManagerData) => {
    setBusyId(entry.id);
    try {
      await removeListManager(list.id, entry.id);
      setEntries((all) => (all ?? []).filter((e) => e.id !== entry.id));
      if (entry.isYou) {
        notify({ type: 'success', message: t('keepers.left') });
        useListsStore.getState().removeList(list.id);
        navigate(paths.lists);
        return;
      }
      notify({ type: 'success', message: t(entry.state === 'active' ? 'keepers.removed' : 'keepers.withdrawn', { email: entry.email }) });
    } catch (e) {
      if (!isSignedOutError(e)) notify({ type: 'error', message: t('keepers.removeFailed') });
    } finally {
      setBusyId(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!inviting) void invite(email);
  };

  return (
    <section className="keepers" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('keepers.title')}</h2>
      <p className="lists-lead">{t(isOwner ? 'keepers.intro' : 'keepers.introManager')}</p>
      {failed ? (
        <p role="alert">
          {t('keepers.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={load}>
            {t('common.retry')}
          </Button>
        </p>
      ) : entries === null ? (
        <p aria-live="polite">{t('keepers.loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('keepers.none')}</p>
      ) : (
        <ul className="keepers__list">
          {entries.map((entry) => (
            <li key={entry.id} className="keepers__entry">
              <span className="keepers__who">
                <span className="keepers__email">
                  {entry.email}
                  {entry.isYou ? ` (${t('keepers.you')})` : ''}
                </span>
                <span className="keepers__state">{t(STATE_KEYS[entry.state])}</span>
              </span>
              <span className="keepers__actions">
                {isOwner && entry.state === 'expired' && (
                  <Button variant="secondary" size="sm" disabled={inviting} onClick={() => void invite(entry.email)}>
                    {t('keepers.inviteAgain')}
                  </Button>
                )}
                {(isOwner || entry.isYou) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={busyId === entry.id}
                    aria-label={entry.isYou ? undefined : t(entry.state === 'active' ? 'keepers.removeLabel' : 'keepers.withdrawLabel', { email: entry.email })}
                    onClick={() => void remove(entry)}
                  >
                    {entry.isYou ? t('keepers.leave') : t('keepers.remove')}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {isOwner && (
        <form className="keepers__form" onSubmit={submit} noValidate>
          <TextField
            type="email"
            label={t('keepers.emailLabel')}
            name="managerEmail"
            autoComplete="email"
            value={email}
            hint={t('keepers.emailHint')}
            error={emailError}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmailError(undefined);
            }}
          />
          <div className="lists-form__actions">
            <Button type="submit" variant="secondary" loading={inviting} disabled={email.trim() === ''}>
              {t('keepers.invite')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
