import { act, fireEvent, screen, within } from '@testing-library/react';
import type { GiftPledgeView, GiftView } from '@wishlist/api-client';
import { useSessionStore } from '@wishlist/stores';
import { mocked } from '../test/api';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import MyGiftsPage from './MyGiftsPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const route = '/my-gifts';
const path = `/my-gifts#token=${TOKEN}`;

const gift = (extra: Partial<GiftView> = {}): GiftView => ({
  id: 'G1',
  stage: 'offered',
  withdrawable: true,
  products: [
    { id: 'p1', name: 'Red kite', image: '', price: 2490, url: 'https://shop.example/kite', websiteName: 'shop.example', productListId: 'L1', listName: 'Tom birthday', quantity: 1 },
  ],
  listNames: ['Tom birthday'],
  eventDate: '2026-12-24',
  offererIdentity: 'Grandma',
  offererMessage: '',
  isExpectingAddress: true,
  address: '',
  note: '',
  cost: null,
  remindedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  answeredAt: null,
  ...extra,
});

const answer = (gifts: GiftView[], pledges: GiftPledgeView[] = []) => ({ gifts, pledges });

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.setState({ token: null, defaultListId: null, checkedBearer: null });
});

describe('MyGiftsPage (/{lang}/my-gifts#token=…, /my-gifts signed in)', () => {
  it("shows the link's gifts with their stage; opening it changes nothing", async () => {
    api.getGifts.mockResolvedValueOnce(answer([gift({ offererMessage: 'Happy birthday <b>Tom</b>' }), gift({ id: 'G2', stage: 'address-received', withdrawable: false, address: '1 Main St\nSpringfield', cost: 1500 })]));
    const { container } = await renderPage(<MyGiftsPage />, { path, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'My gifts' })).toHaveFocus();
    expect(api.getGifts).toHaveBeenCalledWith({ token: TOKEN });
    const cards = screen.getAllByTestId('gift-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { level: 2, name: 'Gift for Tom birthday' })).toBeInTheDocument();
    expect(within(cards[0]).getByTestId('gift-stage')).toHaveTextContent('Offered: waiting for the owner');
    expect(within(cards[0]).getByText('Occasion: 24 December 2026')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Happy birthday <b>Tom</b>')).toBeInTheDocument();
    expect(within(cards[1]).getByTestId('gift-stage')).toHaveTextContent('Address received');
    expect(within(cards[1]).getByText(/1 Main St/)).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('button', { name: 'Withdraw this offer' })).not.toBeInTheDocument();
    expect(screen.getByTestId('my-gifts-summary')).toHaveTextContent('2 gifts');
    expect(screen.getByTestId('my-gifts-summary')).toHaveTextContent('Spent so far: €15.00');
    expect(api.changeGift).not.toHaveBeenCalled();
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('saves the stage, the note and the cost with the link', async () => {
    api.getGifts.mockResolvedValueOnce(answer([gift()]));
    api.changeGift.mockImplementation(async (_a, _id, change) => gift({ stage: 'bought', note: change.note ?? '', cost: change.cost ?? null }));
    await renderPage(<MyGiftsPage />, { path, route });
    await screen.findByRole('heading', { level: 1, name: 'My gifts' });
    fireEvent.click(screen.getByRole('radio', { name: 'Bought' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Private note' }), { target: { value: 'Hidden in the attic' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'What it cost you (€)' }), { target: { value: '24,90' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(api.changeGift).toHaveBeenCalledWith({ token: TOKEN }, 'G1', { stage: 'bought', note: 'Hidden in the attic', cost: 2490 });
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    expect(screen.getByTestId('gift-stage')).toHaveTextContent('Bought');
  });

  it('refuses a cost that is not an amount before asking the API', async () => {
    api.getGifts.mockResolvedValueOnce(answer([gift()]));
    await renderPage(<MyGiftsPage />, { path, route });
    await screen.findByRole('heading', { level: 1, name: 'My gifts' });
    fireEvent.change(screen.getByRole('textbox', { name: 'What it cost you (€)' }), { target: { value: 'ten euros' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(api.changeGift).not.toHaveBeenCalled();
    expect(screen.getByText('Write an amount in euros, such as 24.90.')).toBeInTheDocument();
  });

  it('withdraws after asking, with the keyboard', async () => {
    api.getGifts.mockResolvedValueOnce(answer([gift()]));
    api.withdrawGift.mockResolvedValueOnce({ id: 'G1', state: 'withdrawn' });
    await renderPage(<MyGiftsPage />, { path, route });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Withdraw this offer' })));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this offer?' });
    expect(api.withdrawGift).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw my offer' })));
    expect(api.withdrawGift).toHaveBeenCalledWith({ token: TOKEN }, 'G1');
    expect(screen.getByTestId('gift-stage')).toHaveTextContent('Withdrawn');
    expect(screen.queryByRole('radio', { name: 'Bought' })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    api.getGifts.mockResolvedValueOnce(answer([gift({ cost: 2490 })]));
    await renderPage(<MyGiftsPage />, { path, route, lang: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes cadeaux' })).toBeInTheDocument();
    expect(screen.getByText('Occasion : 24 décembre 2026')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ce qu’il vous a coûté (€)' })).toHaveValue('24,90');
    expect(screen.getByRole('radio', { name: 'Remis' })).toBeInTheDocument();
  });

  it('says a wrong link is not valid', async () => {
    api.getGifts.mockRejectedValueOnce(new api.ApiError(404, { error: { code: 'gifts_link_invalid', message: 'x' } }));
    const { container } = await renderPage(<MyGiftsPage />, { path, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('asks a signed-out giver without a link to sign in', async () => {
    await renderPage(<MyGiftsPage />, { path: '/my-gifts', route });
    expect(screen.getByRole('heading', { level: 1, name: 'See your gifts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to see my gifts' })).toHaveAttribute('href', '/my-gifts');
    expect(api.getGifts).not.toHaveBeenCalled();
  });

  it("reads a signed-in giver's gifts without a link", async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' }, defaultListId: 'L1', checkedBearer: 'b' });
    api.getGifts.mockResolvedValueOnce(answer([]));
    await renderPage(<MyGiftsPage />, { path: '/my-gifts', route });
    expect(await screen.findByText(/No gifts here yet/)).toBeInTheDocument();
    expect(screen.getByText(/Every gift you offered, on every list/)).toBeInTheDocument();
    expect(api.getGifts).toHaveBeenCalledWith(null);
  });

  it('lists the group gifts the giver chipped in for', async () => {
    api.getGifts.mockResolvedValueOnce(
      answer([], [
        { id: 'PL1', state: 'confirmed', amount: 5000, price: 30000, product: { name: 'Bike', image: '', url: 'https://shop.example/bike', websiteName: 'shop.example', listName: 'Tom birthday' }, createdAt: '2026-11-20T10:00:00.000Z' },
      ]),
    );
    const { container } = await renderPage(<MyGiftsPage />, { path, route });
    expect(await screen.findByRole('heading', { level: 2, name: 'Group gifts you chipped in for' })).toBeInTheDocument();
    expect(screen.getByText('Your part: €50.00')).toBeInTheDocument();
    expect(screen.getByText('€300.00')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the rest of the price')).toBeInTheDocument();
    expect(screen.queryByText(/No gifts here yet/)).not.toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
