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
  /** 1 when the panel is the whole page (its title is the page's heading); 2 inside a page. */
  headingLevel?: 1 | 2;
}

/** A localized failure message with a Retry button, shown in place of content that failed. */
export function ErrorPanel({ title, message, onRetry, retryLabel, retrying, children, headingLevel = 2 }: ErrorPanelProps) {
  const { t } = useTranslation('common');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="ui-error-panel" role="alert" aria-live="assertive">
      <div className="ui-error-panel__icon" aria-hidden="true">
        !
      </div>
      <Heading className="ui-error-panel__title">{title ?? t('errors.remoteLoadTitle')}</Heading>
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
