import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export interface ErrorPanelProps {
  title?: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  retrying?: boolean;
  children?: ReactNode;
}

/** A localized failure message with a Retry button, shown in place of content that failed. */
export function ErrorPanel({ title, message, onRetry, retryLabel, retrying, children }: ErrorPanelProps) {
  const { t } = useTranslation('common');
  return (
    <section className="ui-error-panel" role="alert" aria-live="assertive">
      <div className="ui-error-panel__icon" aria-hidden="true">
        !
      </div>
      <h2 className="ui-error-panel__title">{title ?? t('errors.remoteLoadTitle')}</h2>
      <p className="ui-error-panel__message">{message ?? t('errors.remoteLoadText')}</p>
      {children}
      {onRetry && (
        <Button onClick={onRetry} loading={retrying}>
          {retryLabel ?? t('actions.retry')}
        </Button>
      )}
    </section>
  );
}
