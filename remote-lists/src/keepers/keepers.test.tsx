import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ListManagerData } from '@wishlist/contracts';
import { useNotificationsStore, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { list, mocked, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import CreateProductListPage from '../pages/CreateProductListPage';
import EditProductListPage from '../pages/EditProductListPage';
import SharedListPage from '../pages/SharedListPage';
import { useListsStore } from '../state/listsStore';
import { product } from '../test/api';
import ListInvitationPage, { tokenInHash } from './ListInvitationPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const messages = () => useNotificationsStore.getState().items.map((n) => `${n.type}: ${n.message}`);

const entry = (over: Partial<ListManagerData> = {}): ListManagerData => ({
  id: 'M1',
  email: 'sam@mail.example',
  state: 'active',
  invitedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  acceptedAt: '2026-11-21T10:00:00.000Z',
  isYou: false,
  ...over,
});

beforeEach(() => {
  resetApi(api);
  useNotificationsStore.setState({ items: [] });
  useSessionStore.setState({ token: { name: 't', bearer: 'b' }, defaultListId: 'L1' });
});

describe('who a list is for', () => {
  it('is asked on creation: "Me" by default (sent as before), another choice is sent', async () => {
    api.createProductList.mockResolvedValue(list('L9', 'For Léa'));
    const { container } = await renderPage(<CreateProductListPage />, { path: '/create-product-list' });
    const group = screen.getByRole('group', { name: 'Who is this list for?' });
    expect(within(group).getByRole('radio', { name: 'Me' })).toBeChecked();
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(within(group).getByRole('radio', { name: 'Someone else' }));
    fireEvent.change(screen.getByRole('textbox', { name: /List name/ }), { target: { value: 'For Léa' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create the list' }));
    });
    expect(api.createProductList).toHaveBeenCalledWith({ name: 'For Léa', recipient: 'someone-else' });
  });

  it('is saved at once on the edit page, in French too', async () => {
    api.getProductList.mockResolvedValue({ ...list('L1', 'Ma liste'), recipient: 'me' });
    await renderPage(<EditProductListPage />, { path: '/edit-product-list/L1', route: '/edit-product-list/:productListId', lang: 'fr' });
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Nous (un couple)' }));
    });
    expect(api.updateProductList).toHaveBeenCalledWith('L1', { recipient: 'us' });
    expect(messages()).toContain('success: Enregistré : pour qui est cette liste.'.replace(' :', '\u202f:'));
  });
});

describe('People who keep this list', () => {
  const renderEdit = async (over: Partial<ReturnType<typeof list>> = {}, lang: 'en' | 'fr' = 'en') => {
    api.getProductList.mockResolvedValue({ ...list('L1', 'Birthday'), ...over });
    return renderPage(<EditProductListPage />, { path: '/edit-product-list/L1', route: '/edit-product-list/:productListId', lang });
  };

  it('shows the keepers and invitations to the owner, who invites by e-mail and removes', async () => {
    api.getListManagers.mockResolvedValue([entry(), entry({ id: 'M2', email: 'kim@mail.example', state: 'pending', acceptedAt: null, expiresAt: '2026-12-04T10:00:00.000Z' })]);
    api.inviteListManager.mockResolvedValue(entry({ id: 'M3', email: 'lou@mail.example', state: 'pending', acceptedAt: null }));
    const { container } = await renderEdit();
    const section = screen.getByRole('region', { name: 'People who keep this list' });
    expect(within(section).getByText('sam@mail.example')).toBeInTheDocument();
    expect(within(section).getByText('Invitation sent, waiting for an answer')).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);

    const field = within(section).getByRole('textbox', { name: /Invite by e-mail/ });
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send the invitation' }));
    expect(within(section).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(api.inviteListManager).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: ' lou@mail.example ' } });
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Send the invitation' }));
    });
    expect(api.inviteListManager).toHaveBeenCalledWith('L1', 'lou@mail.example');
    expect(within(section).getByText('lou@mail.example')).toBeInTheDocument();
    expect(messages()).toContain('success: Invitation sent to lou@mail.example.');

    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Remove sam@mail.example' }));
    });
    expect(api.removeListManager).toHaveBeenCalledWith('L1', 'M1');
    expect(within(section).queryByText('sam@mail.example')).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Withdraw the invitation to kim@mail.example' }));
    });
    expect(api.removeListManager).toHaveBeenCalledWith('L1', 'M2');
  });

  it('says why an invitation is refused', async () => {
    api.inviteListManager.mockRejectedValue(new api.ApiError(409, { error: { code: 'already_manager', message: 'x' } }));
    await renderEdit({}, 'fr');
    fireEvent.change(screen.getByRole('textbox', { name: /Inviter par e-mail/ }), { target: { value: 'sam@mail.example' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    });
    expect(messages()).toEqual(['error: Cette personne tient déjà cette liste.']);
  });

  it('lets a manager leave, without inviting nor removing others', async () => {
    api.getListManagers.mockResolvedValue([entry({ isYou: true }), entry({ id: 'M2', email: 'kim@mail.example' })]);
    await renderEdit({ isManager: true });
    const section = screen.getByRole('region', { name: 'People who keep this list' });
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Leave this list' }));
    });
    expect(api.removeListManager).toHaveBeenCalledWith('L1', 'M1');
    expect(currentLocation()).toBe('/product-lists');
    expect(messages()).toContain('success: You no longer keep this list.');
  });
});

describe('the invitation page', () => {
  const open = (hash = '#AbCdEfGhIjKlMnOpQrStUv', lang: 'en' | 'fr' = 'en') =>
    renderPage(<ListInvitationPage />, { path: `/${lang}/list-invitation${hash}`, route: '/:lang/list-invitation', lang });

  it('reads the token from the fragment only', () => {
    expect(tokenInHash('#AbCdEfGhIjKlMnOpQrStUv')).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(tokenInHash('#token=AbCdEfGhIjKlMnOpQrStUv')).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(tokenInHash('#short')).toBe('');
    expect(tokenInHash('')).toBe('');
  });

  it('signed out: asks, changes nothing, and its button signs in and comes back here', async () => {
    useSessionStore.setState({ token: null, defaultListId: null });
    api.getListInvitation.mockResolvedValue({ listName: 'Our home', email: 'sam@mail.example', expiresAt: '2026-12-04T10:00:00.000Z' });
    const { container } = await open();
    expect(api.getListInvitation).toHaveBeenCalledWith('AbCdEfGhIjKlMnOpQrStUv');
    expect(screen.getByText(/keep the wish list “Our home”/)).toBeInTheDocument();
    expect(api.acceptListInvitation).not.toHaveBeenCalled();
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to accept' }));
    expect(usePreferencesStore.getState().authRedirection).toBe('/en/list-invitation#AbCdEfGhIjKlMnOpQrStUv');
    expect(currentLocation()).toBe('/authenticate/mandatory');
  });

  it('signed in: accepting opens the list', async () => {
    api.getListInvitation.mockResolvedValue({ listName: 'Notre maison', email: 'sam@mail.example', expiresAt: '2026-12-04T10:00:00.000Z' });
    api.acceptListInvitation.mockResolvedValue({ listId: 'L7', listName: 'Notre maison' });
    await open(undefined, 'fr');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accepter et tenir cette liste' }));
    });
    expect(api.acceptListInvitation).toHaveBeenCalledWith('AbCdEfGhIjKlMnOpQrStUv');
    expect(currentLocation()).toBe('/product-list/L7');
    expect(messages()).toEqual(['success: Vous tenez maintenant Notre maison.']);
  });

  it('says when the link is used, expired or incomplete', async () => {
    await open();
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link is not valid');
    api.getListInvitation.mockRejectedValue(new api.ApiError(410, {}));
    await open();
    expect(screen.getAllByRole('alert').some((a) => /expired/.test(a.textContent ?? ''))).toBe(true);
  });

  it('without a token, says the link is incomplete and asks nothing', async () => {
    await open('');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(api.getListInvitation).not.toHaveBeenCalled();
  });
});

describe('a keeper gives on a list kept for someone else', () => {
  it('the edit page links to the list as givers see it', async () => {
    api.getProductList.mockResolvedValue({ ...list('L1', 'For Léa'), recipient: 'someone-else' });
    await renderPage(<EditProductListPage />, { path: '/edit-product-list/L1', route: '/edit-product-list/:productListId' });
    expect(screen.getByRole('link', { name: 'Give a gift on this list yourself' })).toHaveAttribute('href', '/see/L1?as=giver');
  });
});

describe('the giver view of a kept list (/see/{id}?as=giver)', () => {
  const kept = (recipient: 'me' | 'someone-else') => ({
    ...list('L1', 'For Léa', [product('P1', { name: 'Blue scarf' }), product('P2', { name: 'Book', hasBeenOffered: true })]),
    recipient,
    isManager: true as const,
  });
  beforeEach(() => useListsStore.getState().reset());

  it('shows a keeper of a list for someone else what givers see, with the basket', async () => {
    api.getProductList.mockResolvedValue(kept('someone-else'));
    const { container } = await renderPage(<SharedListPage />, { path: '/see/L1?as=giver', route: '/see/:productListId' });
    expect(screen.getByRole('note', { name: 'Giving on this list' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Book/ })).toHaveTextContent('Offered');
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(currentLocation()).toBe('/see/L1?as=giver');
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to my view of the list' }));
    expect(currentLocation()).toBe('/product-list/L1');
  });

  it('on the owner’s own list, the keeper gets their usual view', async () => {
    api.getProductList.mockResolvedValue(kept('me'));
    await renderPage(<SharedListPage />, { path: '/see/L1?as=giver', route: '/see/:productListId' });
    expect(currentLocation()).toBe('/product-list/L1');
  });
});
