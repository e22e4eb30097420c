// Standalone preview of the auth screens (rsbuild dev on port 3002).
import { mountStandalone } from '@wishlist/ui/src/standalone';
import './i18n';
import AccountPage from './pages/AccountPage';
import AuthenticatePage from './pages/AuthenticatePage';
import CheckYourEmailsPage from './pages/CheckYourEmailsPage';
import DeleteAccountPage from './pages/DeleteAccountPage';
import HeaderAccount from './pages/HeaderAccount';
import ValidateEmailFailedPage from './pages/ValidateEmailFailedPage';
import ValidateEmailPage from './pages/ValidateEmailPage';
import ValidateEmailSuccessPage from './pages/ValidateEmailSuccessPage';

mountStandalone({
  links: [
    ['/authenticate', '/authenticate'],
    ['/authenticate/mandatory', 'mandatory'],
    ['/validate-email-failed/too-many-tries', 'failed'],
    ['/validate-email-success', 'success'],
    ['/account', 'account'],
    ['/delete-account', 'delete'],
  ],
  widgets: <HeaderAccount />,
  routes: [
    ['/authenticate/:reason?', <AuthenticatePage />],
    ['/check-your-emails', <CheckYourEmailsPage />],
    ['/validate-email/:tokenName/:validationCode', <ValidateEmailPage />],
    ['/validate-email-failed/:reason', <ValidateEmailFailedPage />],
    ['/validate-email-success', <ValidateEmailSuccessPage />],
    ['/account', <AccountPage />],
    ['/delete-account', <DeleteAccountPage />],
  ],
});
