import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkHealth } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { ErrorPanel } from '@wishlist/ui';
import { refreshDefaultListId } from '../session/defaultList';
import { useRouteReady } from '../routing/routeReady';

/** `/server-error`: Retry goes to `/` once the API answers, else shows the unreachable notice. */
export default function ServerErrorPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [retrying, setRetrying] = useState(false);
  const markReady = useRouteReady((s) => s.markReady);
  useEffect(markReady, [markReady]);

  const retry = async () => {
    setRetrying(true);
    try {
      if (await checkHealth()) {
        await refreshDefaultListId().catch(() => null);
        navigate('/', { replace: true });
      } else {
        notify({ type: 'error', message: t('errors.apiUnreachable'), id: 'api-unreachable' });
      }
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className="shell-page-center">
      <title>{`${t('errors.serverErrorTitle')} · ${t('app.name')}`}</title>
      <ErrorPanel
        headingLevel={1}
        title={t('errors.serverErrorTitle')}
        message={t('errors.serverErrorText')}
        onRetry={() => void retry()}
        retrying={retrying}
      />
    </div>
  );
}
