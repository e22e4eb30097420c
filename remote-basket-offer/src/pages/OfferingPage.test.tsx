import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Offering } from '@wishlist/api-client';
import { useNotificationsStore } from '@wishlist/stores';
import { mocked, sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, headingProblems, renderPage } from '../test/render';
import OfferingPage from './OfferingPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const route = '/offerings/:offeringId/:refuse?';

const offering = (extra: Partial<Offering> = {}): Offering => ({
  id: 'O1',
  offererIdentity: 'Ann',
  offererMessage: 'Happy birthday!\n<b>Ann</b>',
  address: '',
  products: [sampleProduct('a', 1250, { hasBeenOffered: true }), sampleProduct('b', 800, { hasBeenOffered: true })],
  isExpectingAddress: true,
  state: 'pending',
  createdAt: '2024-05-02T10:00:00.000Z',
  ...extra,
});
const lastNotification = () => useNotificationsStore.getState().items.at(-1);

beforeEach(() => {
  jest.clearAllMocks();
  useNotificationsStore.setState({ items: [] });
});

describe('OfferingPage (/offerings/{id}/{refuse?})', () => {
  it('shows who offered, the message as text, the products and the state', async () => {
    api.getOffering.mockResolvedValue(offering());
    const { container } = await renderPage(<OfferingPage />, { path: '/offerings/O1', route });
    expect(api.getOffering).toHaveBeenCalledWith('O1');
    expect(screen.getByRole('heading', { level: 1, name: 'Ann wants to offer you gifts' })).toBeInTheDocument();
    expect(screen.getByText(/<b>Ann<\/b>/)).toBeInTheDocument();
    expect(container.querySelector('blockquote b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Product a' })).toBeInTheDocument();
    expect(screen.getByText(/€12\.50/)).toBeInTheDocument();
    expect(screen.getByText('Waiting for your answer')).toBeInTheDocument();
    expect(screen.getByText('Received on 2 May 2024')).toBeInTheDocument();
    expect(screen.getByText(/needs your delivery address/)).toBeInTheDocument();
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says how many units of a product are offered', async () => {
    api.getOffering.mockResolvedValue(offering({ products: [sampleProduct('a', 1250, { quantity: 3 }), sampleProduct('b', 800, { quantity: 1 })] }));
    await renderPage(<OfferingPage />, { path: '/offerings/O1', route });
    expect(screen.getByText('3 of them')).toBeInTheDocument();
    expect(screen.queryByText('1 of them')).toBeNull();
  });

  it('address: disabled while empty, then confirm, then send', async () => {
    api.getOffering.mockResolvedValue(offering());
    api.acceptOffering.mockResolvedValue(offering({ address: '1 rue de la Paix\nParis', state: 'address-given' }));
    await renderPage(<OfferingPage />, { path: '/offerings/O1', route });
    const send = screen.getByRole('button', { name: 'Send my address' });
    expect(send).toBeDisabled();
    const field = screen.getByRole('textbox', { name: /Your delivery address/ });
    fireEvent.change(field, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(field, { target: { value: '1 rue de la Paix\nParis ' } });
    fireEvent.click(send);
    expect(api.acceptOffering).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Check your address before sending it' })).toBeInTheDocument();
    // Going back keeps the text.
    fireEvent.click(screen.getByRole('button', { name: 'Change it' }));
    expect(screen.getByRole('textbox', { name: /Your delivery address/ })).toHaveValue('1 rue de la Paix\nParis ');
    fireEvent.click(screen.getByRole('button', { name: 'Send my address' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and send' })));
    expect(api.acceptOffering).toHaveBeenCalledWith('O1', { address: '1 rue de la Paix\nParis' });
    expect(lastNotification()).toMatchObject({ type: 'success', message: 'The address has been sent' });
    expect(screen.getByText('You sent your address')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refuse the gifts' })).not.toBeInTheDocument();
  });

  it('address failure keeps the form and says what to do', async () => {
    api.getOffering.mockResolvedValue(offering());
    api.acceptOffering.mockRejectedValue(new api.ApiError(500, {}));
    await renderPage(<OfferingPage />, { path: '/offerings/O1', route });
    fireEvent.change(screen.getByRole('textbox', { name: /Your delivery address/ }), { target: { value: 'Somewhere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my address' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and send' })));
    expect(lastNotification()).toMatchObject({ type: 'error', message: 'The address could not be sent. Try again later.' });
    expect(screen.getByRole('textbox', { name: /Your delivery address/ })).toHaveValue('Somewhere');
  });

  it('opens the refuse dialog on load with `refuse`, and refuses after confirmation', async () => {
    api.getOffering.mockResolvedValue(offering());
    api.refuseOffering.mockResolvedValue();
    await renderPage(<OfferingPage />, { path: '/offerings/O1/refuse', route });
    const dialog = screen.getByRole('dialog', { name: 'Refuse this offer?' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(api.refuseOffering).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refuse the offer' })));
    expect(api.refuseOffering).toHaveBeenCalledWith('O1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('You refused this offer')).toBeInTheDocument();
    expect(lastNotification()).toMatchObject({ type: 'success' });
    expect(currentLocation()).toBe('/offerings/O1');
  });

  it('shows an offer the giver withdrew, with nothing left to answer (and no refusal dialog)', async () => {
    api.getOffering.mockResolvedValue(offering({ state: 'withdrawn' }));
    const { container } = await renderPage(<OfferingPage />, { path: '/offerings/O1/refuse', route });
    expect(screen.getByText('The giver withdrew this offer')).toBeInTheDocument();
    expect(screen.getByText(/withdrew this offer before you answered/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send my address' })).not.toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('refuse from the page asks first; Cancel keeps the offer', async () => {
    api.getOffering.mockResolvedValue(offering());
    await renderPage(<OfferingPage />, { path: '/offerings/O1', route });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refuse the gifts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.refuseOffering).not.toHaveBeenCalled();
    expect(screen.getByText('Waiting for your answer')).toBeInTheDocument();
  });

  it('goes to /not-found when the offering cannot be loaded', async () => {
    api.getOffering.mockRejectedValue(new api.ApiError(404, {}));
    await renderPage(<OfferingPage />, { path: '/offerings/nope', route });
    await waitFor(() => expect(currentLocation()).toBe('/not-found'));
  });

  it('shows an answered offering with its state and no actions (no dialog even with `refuse`)', async () => {
    api.getOffering.mockResolvedValue(offering({ state: 'address-given', address: '1 rue X', offererIdentity: '' }));
    await renderPage(<OfferingPage />, { path: '/offerings/O1/refuse', route, lang: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: "Quelqu’un veut vous offrir des cadeaux" })).toBeInTheDocument();
    expect(screen.getByText('Vous avez envoyé votre adresse')).toBeInTheDocument();
    expect(screen.getByText('1 rue X')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a 409 on refuse reloads the offering and says it was already answered', async () => {
    api.getOffering.mockResolvedValueOnce(offering()).mockResolvedValueOnce(offering({ state: 'refused' }));
    api.refuseOffering.mockRejectedValue(new api.ApiError(409, {}));
    await renderPage(<OfferingPage />, { path: '/offerings/O1/refuse', route });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refuse the offer' })));
    expect(lastNotification()?.message).toBe('This offer has already been answered.');
    expect(await screen.findByText('You refused this offer')).toBeInTheDocument();
  });
});
