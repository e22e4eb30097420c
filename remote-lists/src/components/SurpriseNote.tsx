import { useState } from 'react';
import { giftsHidden, revealTime, type ProductList } from '@wishlist/contracts';
import { isSignedOutError, updateProductList } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { Button, ConfirmDialog } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { useListsStore } from '../state/listsStore';
import '../styles/surprise.css';

/** The reveal's day written out in the language ("Saturday 26 December 2026"). */
function revealDate(list: ProductList, lang: string): string | null {
  const at = revealTime(list);
  return at ? new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(at) : null;
}

/**
 * Above a surprise list. Its owner: that offers are hidden until the reveal, with "Show me anyway"
 * (a warning first), or that the surprise is revealed. The owner's visitor preview: that visitors
 * also see what is taken. Visitors: that the owner will not see what they offer.
 */
export function SurpriseNote({ list, preview = false }: { list: ProductList; preview?: boolean }) {
  const { t, i18n } = useListsT();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!list.surprise) return null;
  const hidden = giftsHidden(list, new Date());

  if (preview) {
    return hidden ? (
      <p className="lists-surprise" role="note">
        <span className="lists-surprise__text">{t('surprise.previewHidden')}</span>
      </p>
    ) : null;
  }
  if (!list.isOwner) {
    return (
      <p className="lists-surprise" role="note">
        <span className="lists-surprise__text">{t('surprise.visitor')}</span>
      </p>
    );
  }
  if (!hidden) {
    return (
      <p className="lists-surprise" role="note">
        <span className="lists-surprise__text">{t('surprise.ownerRevealed')}</span>
      </p>
    );
  }

  const reveal = async () => {
    setBusy(true);
    try {
      await updateProductList(list.id, { revealed: true });
      useListsStore.getState().upsertList({ id: list.id, name: list.name, revealed: true });
      // The owner's answers now carry the offers: read the list again.
      await useListsStore.getState().reload();
    } catch (e) {
      if (!isSignedOutError(e)) notify({ type: 'error', message: t('surprise.revealFailed') });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const date = revealDate(list, i18n.language);
  return (
    <div className="lists-surprise" role="note">
      <p className="lists-surprise__text">{date ? t('surprise.ownerHidden', { date }) : t('surprise.ownerHiddenNoDate')}</p>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        {t('surprise.showAnyway')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('surprise.confirmTitle')}
        confirmLabel={t('surprise.confirm')}
        cancelLabel={t('surprise.cancel')}
        onConfirm={() => void reveal()}
        onCancel={() => setAsking(false)}
        busy={busy}
      >
        <p>{t('surprise.confirmText')}</p>
      </ConfirmDialog>
    </div>
  );
}
