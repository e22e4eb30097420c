import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useBasketStore, useNotificationsStore } from '@wishlist/stores';
import { mocked, sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, headingProblems, renderPage } from '../test/render';
import { readCreatedOffer } from '../lib/offerMemory';
import OfferPage from './OfferPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const lastNotification = () => useNotificationsStore.getState().items.at(-1);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.clearAllMocks();
  useBasketStore.setState({ products: [] });
  useNotificationsStore.setState({ items: [] });
  useBasketStore.getState().add(sampleProduct('a', 1250));
  useBasketStore.getState().add(sampleProduct('b', 800));
});

const email = () => screen.getByRole('textbox', { name: /Your e-mail/ });
const submit = () => screen.getByRole('button', { name: 'Send my offer' });

describe('OfferPage (/offer)', () => {
  it('shows the form: required e-mail with an asterisk, name, message and the two address choices', async () => {
    const { container } = await renderPage(<OfferPage />, { path: '/offer' });
    expect(screen.getByRole('heading', { level: 1, name: 'Offer the gifts' })).toBeInTheDocument();
    expect(email()).toBeRequired();
    expect(screen.getByText('*', { exact: false, selector: '.ui-field__required' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /I know the address/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /I need the address/ })).not.toBeChecked();
    expect(screen.getByText(/You offer 2 products for €20\.50/)).toBeInTheDocument();
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('flags the e-mail only after the first submit attempt', async () => {
    await renderPage(<OfferPage />, { path: '/offer' });
    fireEvent.change(email(), { target: { value: 'not-an-email' } });
    fireEvent.blur(email());
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(submit()).toBeEnabled();
    fireEvent.click(submit());
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter a valid e-mail address/)).toBeInTheDocument();
    expect(email()).toHaveFocus();
    expect(api.createOffering).not.toHaveBeenCalled();
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    expect(email()).not.toHaveAttribute('aria-invalid');
  });

  it('disables submit with an empty basket', async () => {
    useBasketStore.getState().clear();
    await renderPage(<OfferPage />, { path: '/offer' });
    expect(submit()).toBeDisabled();
    expect(screen.getByText(/Your basket is empty/)).toBeInTheDocument();
  });

  it('sends the offering with a spinner, clears the basket and opens the confirmation', async () => {
    let resolve!: (v: { id: string; ids: string[]; confirmationRequired: boolean }) => void;
    api.createOffering.mockReturnValue(new Promise((r) => (resolve = r)));
    await renderPage(<OfferPage />, { path: '/offer' });
    fireEvent.change(email(), { target: { value: ' ann@example.com ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your name' }), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Happy birthday' } });
    fireEvent.click(screen.getByRole('radio', { name: /I need the address/ }));
    fireEvent.click(submit());
    expect(api.createOffering).toHaveBeenCalledWith({
      isExpectingAddress: true,
      products: ['a', 'b'],
      offererEmail: 'ann@example.com',
      offererIdentity: 'Ann',
      offererMessage: 'Happy birthday',
      language: 'en',
    });
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    await act(async () => resolve({ id: 'O1', ids: ['O1', 'O2'], confirmationRequired: true }));
    expect(currentLocation()).toBe('/offer-created/O1');
    expect(useBasketStore.getState().isEmpty()).toBe(true);
    expect(readCreatedOffer('O1')).toMatchObject({ isExpectingAddress: true, confirmationRequired: true, products: [{ id: 'a' }, { id: 'b' }] });
    expect(readCreatedOffer('O2')).not.toBeNull();
  });

  it('409: names the products already offered, removes them from the basket and stays', async () => {
    api.createOffering.mockRejectedValue(new api.ApiError(409, { error: { code: 'already_offered' }, conflicts: ['b'] }));
    await renderPage(<OfferPage />, { path: '/offer' });
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    await act(async () => fireEvent.click(submit()));
    expect(currentLocation()).toBe('/offer');
    expect(useBasketStore.getState().products.map((p) => p.id)).toEqual(['a']);
    expect(lastNotification()).toMatchObject({ type: 'error', message: expect.stringContaining('« Product b »') });
    expect(submit()).toBeEnabled();
    expect(screen.getByText(/You offer 1 product for €12\.50/)).toBeInTheDocument();
  });

  it('sends a line of several units as { id, quantity } and one unit as its id', async () => {
    useBasketStore.setState({ products: [] });
    useBasketStore.getState().add(sampleProduct('a', 1000, { quantity: 4, offeredQuantity: 1 }));
    useBasketStore.getState().add(sampleProduct('b', 800));
    useBasketStore.getState().setUnits('a', 3);
    api.createOffering.mockResolvedValue({ id: 'O1', ids: ['O1'], confirmationRequired: false });
    await renderPage(<OfferPage />, { path: '/offer' });
    expect(screen.getByText(/You offer 2 products for €38\.00/)).toBeInTheDocument();
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    await act(async () => fireEvent.click(submit()));
    expect(api.createOffering).toHaveBeenCalledWith(expect.objectContaining({ products: [{ id: 'a', quantity: 3 }, 'b'] }));
  });

  it('409 with units left: lowers the line to what is left, keeps it, and says so', async () => {
    useBasketStore.setState({ products: [] });
    useBasketStore.getState().add(sampleProduct('a', 1000, { quantity: 4 }));
    useBasketStore.getState().setUnits('a', 3);
    api.createOffering.mockRejectedValue(new api.ApiError(409, { error: { code: 'already_offered' }, conflicts: ['a'], available: { a: 1 } }));
    await renderPage(<OfferPage />, { path: '/offer' });
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    await act(async () => fireEvent.click(submit()));
    expect(useBasketStore.getState().products).toEqual([expect.objectContaining({ id: 'a', units: 1, offeredQuantity: 3 })]);
    expect(lastNotification()).toMatchObject({ type: 'error', message: expect.stringContaining('offered some of « Product a »') });
  });

  it('422: marks the fields the service rejected', async () => {
    api.createOffering.mockRejectedValue(new api.ApiError(422, { errors: { offererEmail: 'invalid-email', offererMessage: 'too-long' } }));
    await renderPage(<OfferPage />, { path: '/offer' });
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    await act(async () => fireEvent.click(submit()));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/This e-mail address was refused/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('aria-invalid', 'true');
    expect(lastNotification()).toMatchObject({ type: 'error', message: 'There are some errors in the data you provided.' });
    expect(useBasketStore.getState().count()).toBe(2);
  });

  it('422 on products and other failures show a notification and keep the basket', async () => {
    api.createOffering.mockRejectedValueOnce(new api.ApiError(422, { errors: { products: 'unknown' } }));
    await renderPage(<OfferPage />, { path: '/offer' });
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    await act(async () => fireEvent.click(submit()));
    expect(lastNotification()?.message).toMatch(/no longer exist/);
    api.createOffering.mockRejectedValueOnce(new api.ApiError(500, {}));
    await act(async () => fireEvent.click(submit()));
    expect(lastNotification()).toMatchObject({ type: 'error', message: 'The offer could not be sent. Try again later.' });
    api.createOffering.mockRejectedValueOnce(new api.ApiError(429, {}));
    await act(async () => fireEvent.click(submit()));
    expect(lastNotification()?.message).toMatch(/Wait a few minutes/);
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(useBasketStore.getState().count()).toBe(2);
    expect(currentLocation()).toBe('/offer');
  });

  it('speaks French', async () => {
    await renderPage(<OfferPage />, { path: '/offer', lang: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Offrir les cadeaux' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /J’ai besoin de l’adresse/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mon offre' }));
    expect(screen.getByText(/Saisissez une adresse e-mail valide/)).toBeInTheDocument();
  });
});
