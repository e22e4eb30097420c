import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNotificationsStore } from '@wishlist/stores';
import { mocked } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, headingProblems, renderPage } from '../test/render';
import DeleteAccountPage from './DeleteAccountPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const PATH = '/delete-account';
const notifications = () => useNotificationsStore.getState().items;

beforeEach(() => {
  jest.clearAllMocks();
  useNotificationsStore.setState({ items: [] });
});

const openDialog = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
};

describe('DeleteAccountPage', () => {
  it('shows title, text, call to action and warning', async () => {
    const { container } = await renderPage(<DeleteAccountPage />, { path: PATH });
    expect(screen.getByRole('heading', { level: 1, name: 'Delete my account' })).toHaveFocus();
    expect(screen.getByText(/anonymizes it/)).toBeInTheDocument();
    expect(screen.getByText(/This cannot be undone/)).toBeInTheDocument();
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('cancelling the confirmation changes nothing', async () => {
    await renderPage(<DeleteAccountPage />, { path: PATH });
    const dialog = openDialog();
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.deleteAccount).not.toHaveBeenCalled();
    expect(api.signOut).not.toHaveBeenCalled();
  });

  it('confirmed: anonymizes, notifies success, logs out and goes to /', async () => {
    let done!: () => void;
    api.deleteAccount.mockReturnValue(new Promise<void>((r) => (done = r)));
    await renderPage(<DeleteAccountPage />, { path: PATH });
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    expect(within(dialog).getByRole('button', { name: 'Yes, delete my account' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Yes, delete my account' })).toHaveAttribute('aria-busy', 'true');
    expect(api.deleteAccount).toHaveBeenCalledTimes(1);
    done();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(api.signOut).toHaveBeenCalledTimes(1);
    expect(notifications()).toEqual([expect.objectContaining({ type: 'success', message: 'Your account is successfully deleted.' })]);
  });

  it('failure: notifies the failure, and still logs out and goes to /', async () => {
    api.deleteAccount.mockRejectedValue(new api.ApiError(401, {}));
    await renderPage(<DeleteAccountPage />, { path: PATH, lang: 'fr' });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    fireEvent.click(screen.getByRole('button', { name: 'Oui, supprimer mon compte' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(api.signOut).toHaveBeenCalledTimes(1);
    expect(notifications()).toEqual([
      expect.objectContaining({
        type: 'error',
        message: 'La suppression du compte a échoué, vérifiez que vous êtes authentifié et réessayez.',
      }),
    ]);
  });
});
