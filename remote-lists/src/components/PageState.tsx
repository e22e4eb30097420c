import { Button, Spinner } from '@wishlist/ui';
import { useListsT } from '../i18n';

export function PageLoading({ label }: { label: string }) {
  return (
    <div className="lists-loading">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** A failure in place of the page: what happened, what to do next, and Retry. */
export function PageError({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  const { t } = useListsT();
  return (
    <section className="lists-error" role="alert">
      <h1>{title}</h1>
      <p>{text}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </section>
  );
}
