import { Link, useParams } from 'react-router-dom';
import type { ValidationFailureReason } from '@wishlist/contracts';
import { AuthPage } from '../components/AuthPage';
import { AlertIcon } from '../components/Icons';
import { useAuthT } from '../i18n';

const REASONS: readonly ValidationFailureReason[] = ['incorrect-data', 'too-many-tries', 'unknown'];

/** `/validate-email-failed/{reason}`: the reason's message (SPEC §8) and a retry link. */
export default function ValidateEmailFailedPage() {
  const { t } = useAuthT();
  const { reason: param } = useParams<{ reason: string }>();
  const reason = REASONS.find((r) => r === param) ?? 'unknown';
  return (
    <AuthPage title={t('failed.title')} documentTitle={t('failed.documentTitle')} icon={<AlertIcon />} tone="danger">
      <p className="auth-lead auth-message" data-reason={reason}>
        {t(`failed.reasons.${reason}`)}
      </p>
      <p className="auth-muted">{t('failed.hint')}</p>
      <p className="auth-actions">
        <Link to="/authenticate" className="ui-button ui-button--primary ui-button--lg">
          <span className="ui-button__label">{t('failed.retry')}</span>
        </Link>
      </p>
    </AuthPage>
  );
}
