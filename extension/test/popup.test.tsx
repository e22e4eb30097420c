import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '@testing-library/jest-dom';
import { ApiError } from '@wishlist/api-client';
import { NO_IMAGE, type ProductList } from '@wishlist/contracts';
import type { PageReading } from '../src/lib/page';
import { installChrome } from './chromeMock';

jest.mock('../src/lib/api', () => ({
  connect: jest.fn(),
  ownLists: jest.fn(),
  requestSignIn: jest.fn(),
  tokenState: jest.fn(),
  signOut: jest.fn(async () => undefined),
  saveProduct: jest.fn(),
  createList: jest.fn(),
}));
jest.mock('@wishlist/api-client', () => ({ ...jest.requireActual('@wishlist/api-client'), checkHealth: jest.fn(async () => true) }));

const api = jest.requireMock('../src/lib/api') as Record<string, jest.Mock>;
const client = jest.requireMock('@wishlist/api-client') as { checkHealth: jest.Mock };

const SERVER = 'http://localhost:8080';
const lists: ProductList[] = [
  { id: 'L1', name: 'Birthday', isOwner: true, products: [] },
  { id: 'L2', name: 'Christmas', isOwner: true, products: [] },
];
const reading: PageReading = {
  kind: 'read',
  product: { url: 'https://shop.example/kite?x=1&y=é', name: 'Paper kite', price: 2450, currency: 'EUR', images: ['https://shop.example/kite.png'], isProduct: true },
};

beforeEach(() => {
  jest.clearAllMocks();
  installChrome('en');
  client.checkHealth.mockResolvedValue(true);
});

describe('ProductForm', () => {
  const renderForm = async (props: Partial<React.ComponentProps<typeof import('../src/popup/ProductForm').ProductForm>> = {}) => {
    const { ProductForm } = await import('../src/popup/ProductForm');
    const onSignedOut = jest.fn();
    render(<ProductForm server={SERVER} reading={reading} lists={lists} initialListId="L2" onListsChange={jest.fn()} onSignedOut={onSignedOut} {...props} />);
    return { onSignedOut };
  };

  it('is prefilled from the page, chooses the last list, saves through /api and links to the product', async () => {
    api.saveProduct.mockResolvedValue({ id: 'p9', name: 'Paper kite', productListId: 'L2' });
    const user = userEvent.setup();
    await renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Paper kite');
    expect(screen.getByLabelText('Price (€)')).toHaveValue('24.50');
    expect(screen.getByRole('radio', { name: 'Picture 1' })).toBeChecked();
    expect(screen.getByLabelText('List')).toHaveValue('L2');
    await user.clear(screen.getByLabelText('Price (€)'));
    await user.type(screen.getByLabelText('Price (€)'), '19,99');
    await user.click(screen.getByRole('radio', { name: 'No picture' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.saveProduct).toHaveBeenCalledWith({ name: 'Paper kite', price: 1999, image: NO_IMAGE, url: reading.kind === 'read' ? reading.product.url : '', productListId: 'L2' });
    expect(await screen.findByRole('heading', { name: 'Added to “Christmas”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it in my list' })).toHaveAttribute('href', `${SERVER}/product-list/L2/p9`);
  });

  it('sends quantity, most wanted and note when given, and refuses a quantity out of range', async () => {
    api.saveProduct.mockResolvedValue({ id: 'p9', name: 'Paper kite', productListId: 'L2' });
    const user = userEvent.setup();
    await renderForm();
    const quantity = screen.getByLabelText('How many');
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a whole number from 1 to 99.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByLabelText('Most wanted'));
    await user.type(screen.getByLabelText('Note'), ' Size M ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.saveProduct).toHaveBeenCalledWith(expect.objectContaining({ quantity: 2, mostWanted: true, note: 'Size M', productListId: 'L2' }));
  });

  it('Open in Wishlist carries the page address, encoded, and the chosen list', async () => {
    await renderForm();
    const { productCreationFromUrlPath } = await import('@wishlist/contracts');
    expect(screen.getByRole('link', { name: /Open in Wishlist instead/ })).toHaveAttribute(
      'href',
      `${SERVER}${productCreationFromUrlPath('https://shop.example/kite?x=1&y=é', 'L2')}`,
    );
  });

  it('marks the fields a 422 names and says there are errors', async () => {
    api.saveProduct.mockRejectedValue(new ApiError(422, { errors: { name: 'too-long' } }));
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There are some errors in the data you provided.');
    expect(screen.getByText('Check this field.')).toBeInTheDocument();
  });

  it('says what to do when the account holds all the products it can, or added too many at once', async () => {
    const user = userEvent.setup();
    await renderForm();
    api.saveProduct.mockRejectedValueOnce(new ApiError(409, { error: { code: 'account_full', message: 'Your lists hold 5,000 products…' } }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Remove products you no longer need, then add this one again.');
    api.saveProduct.mockRejectedValueOnce(new ApiError(429, { error: { code: 'too_many_requests', message: 'Wait.' } }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait a few minutes, then add this one again.');
  });

  it('words the account limits in French too', async () => {
    installChrome('fr');
    const user = userEvent.setup();
    await renderForm();
    api.saveProduct.mockRejectedValueOnce(new ApiError(409, { error: { code: 'account_full', message: 'x' } }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Retirez des produits dont vous n’avez plus besoin');
  });

  it('a 401 while saving means signed out; a server that does not answer is said plainly', async () => {
    const user = userEvent.setup();
    const { onSignedOut } = await renderForm();
    api.saveProduct.mockRejectedValueOnce(new ApiError(500, {}, true));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The Wishlist server does not answer. Try again in a moment.');
    api.saveProduct.mockRejectedValueOnce(new ApiError(401, {}));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
  });

  it('creates a new list inline and chooses it', async () => {
    const onListsChange = jest.fn();
    api.createList.mockResolvedValue({ id: 'L3', name: 'Wedding', isOwner: true, products: [] });
    const user = userEvent.setup();
    await renderForm({ onListsChange });
    await user.selectOptions(screen.getByLabelText('List'), 'New list…');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(screen.getByLabelText('Name of the new list'), 'Wedding');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(api.createList).toHaveBeenCalledWith('Wedding');
    expect(onListsChange).toHaveBeenCalledWith([...lists, expect.objectContaining({ id: 'L3', name: 'Wedding' })]);
  });

  it('a page that is not a product: fill in by hand', async () => {
    await renderForm({ reading: { kind: 'read', product: { url: 'https://shop.example/search', name: 'Search', price: null, currency: null, images: [], isProduct: false } } });
    expect(screen.getByText('No product found on this page. Fill in the name, price and picture by hand.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'No picture' })).toBeChecked();
  });
});

describe('usePopupSession', () => {
  const TOKEN = { name: 't1-abc', bearer: 'b1', server: SERVER, email: 'me@example.com' };

  const Probe = async () => {
    const { usePopupSession } = await import('../src/popup/usePopupSession');
    return function Show() {
      const { session } = usePopupSession();
      return <p data-testid="kind">{session.kind + ('reason' in session && session.reason ? `:${session.reason}` : '')}</p>;
    };
  };

  it('no token: signed out once the server answers; down: unreachable', async () => {
    const Show = await Probe();
    render(<Show />);
    await waitFor(() => expect(screen.getByTestId('kind')).toHaveTextContent('signed-out'));
    client.checkHealth.mockResolvedValue(false);
    const Again = await Probe();
    render(<Again />);
    await waitFor(() => expect(screen.getAllByTestId('kind')[1]).toHaveTextContent('unreachable'));
  });

  it('a pending token polls every 2 s until the link is opened', async () => {
    jest.useFakeTimers();
    try {
      await chrome.storage.local.set({ token: TOKEN });
      api.ownLists.mockRejectedValueOnce(new ApiError(401, {})).mockResolvedValue(lists);
      api.tokenState.mockResolvedValueOnce('pending').mockResolvedValueOnce('pending').mockResolvedValueOnce('validated');
      const Show = await Probe();
      render(<Show />);
      await waitFor(() => expect(screen.getByTestId('kind')).toHaveTextContent('pending'));
      expect(api.tokenState).toHaveBeenCalledTimes(1);
      await act(async () => void (await jest.advanceTimersByTimeAsync(1999)));
      expect(api.tokenState).toHaveBeenCalledTimes(1);
      await act(async () => void (await jest.advanceTimersByTimeAsync(1)));
      expect(api.tokenState).toHaveBeenCalledTimes(2);
      await act(async () => void (await jest.advanceTimersByTimeAsync(2000)));
      await waitFor(() => expect(screen.getByTestId('kind')).toHaveTextContent('signed-in'));
    } finally {
      jest.useRealTimers();
    }
  });

  it('a token the server no longer knows: session ended, token forgotten', async () => {
    await chrome.storage.local.set({ token: TOKEN, lastListId: 'L1' });
    api.ownLists.mockRejectedValue(new ApiError(401, {}));
    api.tokenState.mockResolvedValue('dead');
    const Show = await Probe();
    render(<Show />);
    await waitFor(() => expect(screen.getByTestId('kind')).toHaveTextContent('signed-out:expired'));
    expect(await chrome.storage.local.get(null)).toEqual({});
  });

  it('a sign-in refused from the e-mailed link: signed out, told so, token forgotten', async () => {
    jest.useFakeTimers();
    try {
      await chrome.storage.local.set({ token: { ...TOKEN, matchCode: '4827' } });
      api.ownLists.mockRejectedValue(new ApiError(401, {}));
      api.tokenState.mockResolvedValueOnce('pending').mockResolvedValueOnce('refused');
      const Show = await Probe();
      render(<Show />);
      await waitFor(() => expect(screen.getByTestId('kind')).toHaveTextContent('pending'));
      await act(async () => void (await jest.advanceTimersByTimeAsync(2000)));
      await waitFor(() => expect(screen.getByTestId('kind')).toHaveTextContent('signed-out:refused'));
      expect(await chrome.storage.local.get(null)).toEqual({});
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('sign-in screens', () => {
  it('the waiting screen shows the match code the link\'s page shows too', async () => {
    const { CheckYourEmails } = await import('../src/popup/SignIn');
    render(<CheckYourEmails email="me@example.com" matchCode="4827" onCancel={jest.fn()} />);
    expect(screen.getByText('4827').tagName).toBe('STRONG');
    expect(screen.getByText('4827').parentElement).toHaveTextContent('Your code: 4827');
    expect(screen.getByText('The page opened from the e-mail will show the same code. Approve the sign-in there.')).toBeInTheDocument();
  });

  it('a refused sign-in is said on the sign-in screen', async () => {
    const { SignIn } = await import('../src/popup/SignIn');
    render(<SignIn reason="refused" onSubmit={jest.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('The sign-in was refused from the link in the e-mail: nothing was signed in. If it was you, ask again.');
  });
});
