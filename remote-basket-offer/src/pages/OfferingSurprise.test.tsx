import { act, fireEvent, screen } from '@testing-library/react';
import type { Offering } from '@wishlist/api-client';
import { useNotificationsStore } from '@wishlist/stores';
import { mocked } from '../test/api';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import OfferingPage from './OfferingPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const route = '/offerings/:offeringId/:refuse?';

// An offer on a surprise list before its reveal, as the offers service answers its owner.
const hidden = (extra: Partial<Offering> = {}): Offering => ({
  id: 'O1',
  offererIdentity: 'Ann',
  offererMessage: 'Happy birthday!',
  address: '',
  products: [],
  productsHidden: true,
  revealsAt: '2030-12-26T00:00:00.000Z',
  isExpectingAddress: true,
  state: 'pending',
  createdAt: '2030-05-02T10:00:00.000Z',
  ...extra,
});

beforeEach(() => {
  jest.clearAllMocks();
  useNotificationsStore.setState({ items: [] });
});

describe('OfferingPage on a surprise list, before the reveal', () => {
  it('says who and their message, hides what, says when it shows, and still asks for the address or a refusal', async () => {
    api.getOffering.mockResolvedValue(hidden());
    const { container } = await renderPage(<OfferingPage />, { path: '/offerings/O1', route });
    expect(screen.getByRole('heading', { level: 1, name: 'Ann wants to offer you gifts' })).toBeInTheDocument();
    expect(screen.getByText('Happy birthday!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The gifts' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'A surprise' })).toBeInTheDocument();
    expect(screen.getByText(/Your list keeps the surprise/)).toBeInTheDocument();
    expect(screen.getByText('You will see it from 26 December 2030.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send my address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refuse the gifts' })).toBeInTheDocument();
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);

    api.acceptOffering.mockResolvedValue(hidden({ state: 'address-given', address: '1 Main St' }));
    fireEvent.change(screen.getByRole('textbox', { name: /delivery address/ }), { target: { value: '1 Main St' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my address' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm and send' }));
    });
    expect(api.acceptOffering).toHaveBeenCalledWith('O1', { address: '1 Main St' });
    expect(screen.getByText('You sent your address')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'A surprise' })).toBeInTheDocument();
  });

  it('in French, and without a date: shown when the owner chooses', async () => {
    api.getOffering.mockResolvedValue(hidden({ revealsAt: null, offererIdentity: '' }));
    await renderPage(<OfferingPage />, { path: '/offerings/O1', route, lang: 'fr' });
    expect(screen.getByRole('heading', { level: 2, name: 'Une surprise' })).toBeInTheDocument();
    expect(screen.getByText(/Vous le verrez quand vous le déciderez/)).toBeInTheDocument();
  });
});
