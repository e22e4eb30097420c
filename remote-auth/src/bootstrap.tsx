// Standalone preview of the auth screens (rsbuild dev on port 3002). In the product the shell
// renders them; here a minimal router and the notifications are enough to click through.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { detectLanguage, initI18n } from '@wishlist/i18n';
import { Notifications } from '@wishlist/ui';
import './i18n';
import AuthenticatePage from './pages/AuthenticatePage';
import CheckYourEmailsPage from './pages/CheckYourEmailsPage';
import DeleteAccountPage from './pages/DeleteAccountPage';
import HeaderAccount from './pages/HeaderAccount';
import ValidateEmailFailedPage from './pages/ValidateEmailFailedPage';
import ValidateEmailPage from './pages/ValidateEmailPage';
import ValidateEmailSuccessPage from './pages/ValidateEmailSuccessPage';

initI18n(detectLanguage(location.pathname));

function App() {
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Standalone preview" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', padding: '0.5rem 1rem', fontSize: '0.875rem' }}>
        <Link to="/authenticate">/authenticate</Link>
        <Link to="/authenticate/mandatory">mandatory</Link>
        <Link to="/validate-email-failed/too-many-tries">failed</Link>
        <Link to="/validate-email-success">success</Link>
        <Link to="/delete-account">delete</Link>
        <HeaderAccount />
      </nav>
      <main style={{ maxWidth: '64rem', margin: '0 auto', padding: '1rem' }}>
        <Routes>
          <Route path="/authenticate/:reason?" element={<AuthenticatePage />} />
          <Route path="/check-your-emails" element={<CheckYourEmailsPage />} />
          <Route path="/validate-email/:tokenName/:validationCode" element={<ValidateEmailPage />} />
          <Route path="/validate-email-failed/:reason" element={<ValidateEmailFailedPage />} />
          <Route path="/validate-email-success" element={<ValidateEmailSuccessPage />} />
          <Route path="/delete-account" element={<DeleteAccountPage />} />
          <Route path="*" element={<AuthenticatePage />} />
        </Routes>
      </main>
      <Notifications onNavigate={navigate} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
