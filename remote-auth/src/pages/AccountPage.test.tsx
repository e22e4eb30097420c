import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SignedInDevice } from '@wishlist/contracts';
import { useNotificationsStore } from '@wishlist/stores';
import { mocked } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, headingProblems, renderPage } from '../test/render';
import AccountPage from './AccountPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const PATH = '/account';
const notifications = () => useNotificationsStore.getState().items;
const LAPTOP: SignedInDevice = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  device: { browser: 'Firefox', os: 'Linux' },
  signedInAt: '2026-03-01T09:30:00.000Z',
  lastSeenAt: '2026-11-20T18:00:00.000Z',
  current: true,
};
const PHONE: SignedInDevice = {
  id: 'BBBBBBBBBBBBBBBBBBBBBB',
  device: { browser: 'Safari', os: 'iOS' },
  signedInAt: '2026-05-12T07:00:00.000Z',
  lastSeenAt: '2026-11-19T08:00:00.000Z',
  current: false,
};

beforeEach(() => {
  jest.clearAllMocks();
  useNotificationsStore.setState({ items: [] });
  api.getSignedInDevices.mockResolvedValue([LAPTOP, PHONE]);
  api.endSignedInDevice.mockResolvedValue(undefined);
});

const rows = () => screen.getAllByTestId('device');

describe('AccountPage', () => {
  it('lists the signed-in devices with their dates, this one marked, and leads to the account deletion', async () => {
    const { container } = await renderPage(<AccountPage />, { path: PATH });
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toHaveFocus();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).getByRole('heading', { name: /Firefox on Linux/ })).toBeInTheDocument();
    expect(within(rows()[0]).getByText('This device')).toBeInTheDocument();
    expect(within(rows()[1]).queryByText('This device')).toBeNull();
    const times = rows()[0].querySelectorAll('time');
    expect(times[0]).toHaveAttribute('dateTime', LAPTOP.signedInAt);
    expect(times[0].textContent).toMatch(/2026/);
    expect(times[0].textContent).toMatch(/March/);
    expect(screen.getByRole('link', { name: 'Delete my account' })).toHaveAttribute('href', '/delete-account');
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('ends another device after confirmation, and it leaves the list', async () => {
    await renderPage(<AccountPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'End the session on Safari on iOS' }));
    const dialog = screen.getByRole('dialog', { name: 'End this session?' });
    expect(within(dialog).getByText(/Safari on iOS will be signed out/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, end it' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.endSignedInDevice).toHaveBeenCalledWith(PHONE.id);
    expect(api.signOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notifications()).toEqual([expect.objectContaining({ type: 'success', message: 'Safari on iOS is signed out.' })]);
  });

  it('cancelling changes nothing', async () => {
    await renderPage(<AccountPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'End the session on Safari on iOS' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.endSignedInDevice).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(2);
  });

  it('ending this device signs this browser out and goes to /', async () => {
    await renderPage(<AccountPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'End the session on this device' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out this device?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, end it' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(api.endSignedInDevice).toHaveBeenCalledWith(LAPTOP.id);
    expect(api.signOut).toHaveBeenCalledTimes(1);
  });

  it('says when ending fails and keeps the device listed', async () => {
    api.endSignedInDevice.mockRejectedValue(new api.ApiError(500, {}));
    await renderPage(<AccountPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'End the session on Safari on iOS' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, end it' }));
    await waitFor(() => expect(notifications()).toEqual([expect.objectContaining({ type: 'error' })]));
    expect(rows()).toHaveLength(2);
  });

  it('offers to try again when the devices cannot be loaded', async () => {
    api.getSignedInDevices.mockRejectedValueOnce(new api.ApiError(500, {}));
    await renderPage(<AccountPage />, { path: PATH });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your devices could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('speaks French, dates included', async () => {
    await renderPage(<AccountPage />, { path: PATH, lang: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).getByText('Cet appareil')).toBeInTheDocument();
    expect(rows()[0].querySelector('time')!.textContent).toMatch(/mars 2026/);
    expect(screen.getByRole('button', { name: 'Déconnecter Safari sur iOS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Supprimer mon compte' })).toBeInTheDocument();
  });
});
