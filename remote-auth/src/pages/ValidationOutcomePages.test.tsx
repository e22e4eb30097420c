import { screen } from '@testing-library/react';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import ValidateEmailFailedPage from './ValidateEmailFailedPage';
import ValidateEmailSuccessPage from './ValidateEmailSuccessPage';

const ROUTE = '/validate-email-failed/:reason';

describe('ValidateEmailFailedPage', () => {
  it.each([
    ['incorrect-data', 'The validation link is incorrect or it expired.'],
    ['too-many-tries', 'There were too many failures in trying to validate your email.'],
    ['unknown', 'The authentication failed for some unknown reason. Please try again later.'],
    ['something-else', 'The authentication failed for some unknown reason. Please try again later.'],
  ])('%s: its own message and a retry link to /authenticate', async (reason, message) => {
    const { container } = await renderPage(<ValidateEmailFailedPage />, { path: `/validate-email-failed/${reason}`, route: ROUTE });
    expect(screen.getByRole('heading', { level: 1, name: 'Your e-mail could not be validated' })).toHaveFocus();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/authenticate');
    expect(headingProblems(container)).toEqual([]);
  });

  it.each([
    ['incorrect-data', 'Le lien de validation est incorrect ou a expiré.'],
    ['too-many-tries', 'Il y a eu trop d’échecs lors de la validation de votre e-mail.'],
    ['unknown', 'L’authentification a échoué pour une raison inconnue. Veuillez réessayer plus tard.'],
  ])('%s in French', async (reason, message) => {
    const { container } = await renderPage(<ValidateEmailFailedPage />, { path: `/validate-email-failed/${reason}`, route: ROUTE, lang: 'fr' });
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Réessayer' })).toHaveAttribute('href', '/authenticate');
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('ValidateEmailSuccessPage', () => {
  it('says the validation was not done on this device and offers to sign in here', async () => {
    const { container } = await renderPage(<ValidateEmailSuccessPage />, { path: '/validate-email-success' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your e-mail is validated' })).toHaveFocus();
    expect(screen.getByText(/not done on this device/)).toBeInTheDocument();
    expect(screen.getByText(/Other devices must authenticate too/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in on this device' })).toHaveAttribute('href', '/authenticate');
    expect(document.title).toBe('E-mail validated · Wishlist');
    expect(await seriousViolations(container)).toEqual([]);
  });
});
