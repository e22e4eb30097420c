import { useMemo, type ReactElement } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useContent } from '../i18n';
import { appRoutes, contentPath, EXTENSION_DOWNLOADS, PRIVACY_EMAIL } from '../routes';

/**
 * A translated string that may hold a little markup: `<strong>`, `<em>`, `<kbd>`, `<code>`,
 * `<time>` and named links (`<shareLink>…</shareLink>`), so translators keep whole sentences.
 */
export function Rich({ k, values }: { k: string; values?: Record<string, string> }) {
  const { t, lang } = useContent();
  const components = useMemo<Record<string, ReactElement>>(
    () => ({
      strong: <strong />,
      em: <em />,
      kbd: <kbd className="content-kbd" />,
      code: <code className="content-code" />,
      time: <time dateTime="2023-07-15" />,
      mailLink: <a href={`mailto:${PRIVACY_EMAIL}`} />,
      deleteLink: <Link to={appRoutes.deleteAccount} />,
      addProductLink: <Link to={contentPath('addProduct', lang)} />,
      extensionLink: <Link to={contentPath('extension', lang)} />,
      shareLink: <Link to={contentPath('share', lang)} />,
      androidLink: <Link to={contentPath('android', lang)} />,
      // The extension packages the gateway serves (npm run build -w extension).
      chromeDownload: <a href={EXTENSION_DOWNLOADS.chrome} download />,
      firefoxDownload: <a href={EXTENSION_DOWNLOADS.firefox} download />,
    }),
    [lang],
  );
  return <Trans t={t} i18nKey={k} values={{ email: PRIVACY_EMAIL, ...values }} components={components} />;
}
