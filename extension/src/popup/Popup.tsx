import { useEffect, useState } from 'react';
import { Button } from '@wishlist/ui/src/Button';
import { Spinner } from '@wishlist/ui/src/Spinner';
import { t } from '../lib/i18n';
import { readTab, targetTab, type PageReading } from '../lib/page';
import { getLastListId } from '../lib/settings';
import { ProductForm } from './ProductForm';
import { CheckYourEmails, SignIn } from './SignIn';
import { usePopupSession } from './usePopupSession';

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function Loading({ label }: { label: string }) {
  return (
    <div className="x-waiting" role="status">
      <Spinner size="sm" />
      <span>{label}</span>
    </div>
  );
}

export function Popup() {
  const { server, session, retry, startSignIn, endSession, lostSession, setLists } = usePopupSession();
  const [reading, setReading] = useState<PageReading | null>(null);
  const [lastListId, setLastList] = useState<string | null>(null);
  const preferredImage = new URLSearchParams(location.search).get('image');

  // The page is read once, when the popup opens (the click is what allows it: activeTab).
  useEffect(() => {
    void (async () => {
      setLastList(await getLastListId());
      const tab = await targetTab(location.search);
      setReading(tab ? await readTab(tab) : { kind: 'not-web', url: '' });
    })();
  }, []);

  const signedIn = session.kind === 'signed-in';
  return (
    <div className="x-popup">
      <header className="x-header">
        <h1 className="x-brand">
          <img src="icons/icon-32.png" alt="" width="24" height="24" />
          Wishlist
        </h1>
        {signedIn && (
          <Button variant="ghost" size="sm" onClick={() => void endSession()}>
            {t('signOut')}
          </Button>
        )}
      </header>
      <main className="x-main">
        {session.kind === 'checking' && <Loading label={t('checking')} />}
        {session.kind === 'unreachable' && (
          <section className="x-section">
            <p className="x-error x-error--block" role="alert">
              {t('serverUnreachable', server ? host(server) : '')}
            </p>
            <div className="x-row">
              <Button onClick={() => void retry()}>{t('retry')}</Button>
              <Button variant="ghost" onClick={() => void chrome.runtime.openOptionsPage()}>
                {t('openOptions')}
              </Button>
            </div>
          </section>
        )}
        {session.kind === 'signed-out' && <SignIn reason={session.reason} onSubmit={startSignIn} />}
        {session.kind === 'pending' && <CheckYourEmails email={session.token.email} matchCode={session.token.matchCode} onCancel={() => void endSession()} />}
        {signedIn && server && !reading && <Loading label={t('readingPage')} />}
        {signedIn && server && reading?.kind === 'not-web' && (
          <p className="x-note x-note--warn" role="status">
            {t('notAWebPage')}
          </p>
        )}
        {signedIn && server && reading && reading.kind !== 'not-web' && (
          <ProductForm
            server={server}
            reading={reading}
            lists={session.lists}
            initialListId={lastListId}
            preferredImage={preferredImage}
            onListsChange={setLists}
            onSignedOut={() => void lostSession()}
          />
        )}
      </main>
      <footer className="x-footer">
        {session.kind === 'signed-in' && session.token.email && <span className="x-muted x-account">{session.token.email}</span>}
        <button type="button" className="x-link" onClick={() => void chrome.runtime.openOptionsPage()}>
          {t('options')}
        </button>
      </footer>
    </div>
  );
}
