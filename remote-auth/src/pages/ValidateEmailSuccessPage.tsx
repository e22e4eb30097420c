import { Link } from 'react-router-dom';
import { AuthPage } from '../components/AuthPage';
import { CheckIcon } from '../components/Icons';
import { useAuthT } from '../i18n';

/** `/validate-email-success`: validated, but on another device than the one that asked. */
export default function ValidateEmailSuccessPage() {
  const { t } = useAuthT();
  return (
    <AuthPage title={t('success.title')} documentTitle={t('success.documentTitle')} icon={<CheckIcon />} tone="success">
      <p className="auth-lead">{t('success.text')}</p>
      <p className="auth-muted">{t('success.otherDevices')}</p>
      <p className="auth-actions">
        <Link to="/authenticate" className="ui-button ui-button--secondary ui-button--lg">
          <span className="ui-button__label">{t('success.signInHere')}</span>
        </Link>
      </p>
    </AuthPage>
  );
}
