import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_IMAGE } from '@wishlist/contracts';
import { useListsStore } from '../state';
import ProductCreationPage from './pages/ProductCreationPage';
import { ProductFormPanel } from './index';
import { list, mocked, product } from './test/api';
import { seriousViolations } from './test/axe';
import { big, installImageMock, small } from './test/images';
import { currentLocation, notifications, renderPage, resetNotifications } from './test/render';

jest.mock('@wishlist/api-client', () => jest.requireActual('./test/api').apiMock());
const api = mocked();

const SHOP = 'https://shop.example/kite';
const meta = {
  url: SHOP,
  title: 'Red kite',
  images: ['https://shop.example/1.jpg', 'https://shop.example/small.jpg', 'https://shop.example/broken.jpg', 'https://shop.example/2.jpg'],
  price: 1999,
  currency: 'EUR',
  siteName: 'Shop',
};

beforeEach(() => {
  jest.clearAllMocks();
  resetNotifications();
  useListsStore.getState().reset();
  installImageMock({
    'https://shop.example/1.jpg': big,
    'https://shop.example/2.jpg': big,
    'https://shop.example/small.jpg': small,
    'https://shop.example/broken.jpg': 'error',
  });
  api.getProductLists.mockResolvedValue([list('L1', 'Birthday'), list('F1', 'Friend list', false), list('L2', 'Christmas')]);
  api.getPageMetadata.mockResolvedValue(meta);
});

const urlField = () => screen.getByLabelText('Address of the product page');
const continueButton = () => screen.getByRole('button', { name: /continue/i });
const submitButton = () => screen.getByRole('button', { name: 'Add to my list' });
const radios = () => screen.queryAllByRole('radio');

async function openForm(path = '/create-product', lang: 'en' | 'fr' = 'en') {
  const user = userEvent.setup();
  const r = await renderPage(<ProductCreationPage />, { path, route: '/create-product/:productListId?', lang });
  return { user, ...r };
}

async function continueWith(user: ReturnType<typeof userEvent.setup>, url = SHOP) {
  await user.type(urlField(), url);
  await user.click(continueButton());
  await screen.findByLabelText(/^Name/);
  await waitFor(() => expect(screen.queryByText("Loading the page's pictures…")).not.toBeInTheDocument());
}

describe('URL step', () => {
  it('keeps Continue disabled until the URL is valid; the field is in error only when non-empty and invalid', async () => {
    const { user } = await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Add a product' })).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    expect(urlField()).not.toHaveAttribute('aria-invalid');
    await user.type(urlField(), 'shop.example/kite');
    expect(continueButton()).toBeDisabled();
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');
    expect(urlField()).toHaveAccessibleDescription(expect.stringContaining('starting with http:// or https://'));
    await user.clear(urlField());
    await user.type(urlField(), 'ftp://shop.example/kite');
    expect(continueButton()).toBeDisabled();
    await user.clear(urlField());
    expect(urlField()).not.toHaveAttribute('aria-invalid');
    await user.type(urlField(), SHOP);
    expect(continueButton()).toBeEnabled();
    expect(urlField()).not.toHaveAttribute('aria-invalid');
  });

  it('continues on Enter after pasting, with a spinner while the page is read', async () => {
    let resolve!: (v: typeof meta) => void;
    api.getPageMetadata.mockReturnValue(new Promise((r) => (resolve = r)));
    const { user } = await openForm();
    await user.click(urlField());
    await user.paste(SHOP);
    await user.keyboard('{Enter}');
    expect(api.getPageMetadata).toHaveBeenCalledWith(SHOP);
    const busy = screen.getByRole('button', { name: /reading the page/i });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await act(async () => resolve(meta));
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Red kite');
  });

  it("shows the service's message on failure and lets the person fill in the form by hand", async () => {
    api.getPageMetadata.mockRejectedValue(new api.ApiError(422, { errors: { url: 'The page took too long to answer.' } }));
    const { user } = await openForm();
    await user.type(urlField(), SHOP);
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't read this page: The page took too long to answer.");
    await user.click(screen.getByRole('button', { name: 'Fill in the details myself' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Price/)).toHaveValue('');
    // Only the placeholder to choose, already chosen.
    await waitFor(() => expect(radios()).toHaveLength(1));
    expect(radios()[0]).toHaveAccessibleName('No picture');
    expect(radios()[0]).toHaveAttribute('aria-checked', 'true');
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), 'Kite');
    await user.type(screen.getByLabelText(/^Price/), '12,5');
    api.createProduct.mockResolvedValue(product({ id: 'p9', name: 'Kite', price: 1250, image: NO_IMAGE }));
    await user.click(submitButton());
    expect(api.createProduct).toHaveBeenCalledWith({ name: 'Kite', image: NO_IMAGE, price: 1250, url: SHOP, productListId: 'L1' });
  });
});

describe('form prefilled from the page metadata', () => {
  it('fills name, price (cents, dot in English) and the pictures that load and are big enough, placeholder last', async () => {
    const { user } = await openForm();
    await continueWith(user);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Red kite');
    expect(screen.getByLabelText(/^Price/)).toHaveValue('19.99');
    const choices = radios();
    expect(choices.map((c) => c.querySelector('img')?.getAttribute('src'))).toEqual([
      'https://shop.example/1.jpg',
      'https://shop.example/2.jpg',
      NO_IMAGE,
    ]);
    expect(choices[0]).toHaveAttribute('aria-checked', 'true');
    const img = choices[0].querySelector('img')!;
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(img).toHaveAttribute('loading', 'lazy');
    // Padded with empty cells to 9.
    expect(document.querySelectorAll('.swiper-slide')).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'shop.example' })).toHaveAttribute('href', SHOP);
  });

  it('shows the price with a comma in French', async () => {
    const { user } = await openForm('/create-product', 'fr');
    await user.type(screen.getByLabelText('Adresse de la page du produit'), SHOP);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByLabelText(/^Prix/)).toHaveValue('19,99');
  });

  it('pads to a multiple of 3 beyond 9 pictures', async () => {
    const images = Array.from({ length: 10 }, (_, i) => `https://shop.example/p${i}.jpg`);
    installImageMock(Object.fromEntries(images.map((u) => [u, big])));
    api.getPageMetadata.mockResolvedValue({ ...meta, images });
    const { user } = await openForm();
    await continueWith(user);
    expect(radios()).toHaveLength(11);
    expect(document.querySelectorAll('.swiper-slide')).toHaveLength(12);
  });

  it('escapes scraped text (React text only)', async () => {
    api.getPageMetadata.mockResolvedValue({ ...meta, title: '<img src=x onerror=alert(1)>Kite' });
    const { user, container } = await openForm();
    await continueWith(user);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('<img src=x onerror=alert(1)>Kite');
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('selects pictures with the keyboard as a radio group', async () => {
    const { user } = await openForm();
    await continueWith(user);
    const group = screen.getByRole('radiogroup', { name: 'Picture' });
    const [first, second, none] = within(group).getAllByRole('radio');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveAttribute('aria-checked', 'true');
    expect(second).toHaveFocus();
    await user.keyboard('{End}');
    expect(none).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveAttribute('aria-checked', 'true');
  });

  it('has no serious accessibility violations', async () => {
    const { user, container } = await openForm();
    expect(await seriousViolations(container)).toEqual([]);
    await continueWith(user);
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('list selector', () => {
  const listSelect = () => screen.getByLabelText('List') as HTMLSelectElement;

  it('offers only owned lists; default is the route list when owned, else the first owned list', async () => {
    let r = await openForm('/create-product/L2');
    await continueWith(r.user);
    expect(listSelect()).toHaveValue('L2');
    expect(Array.from(listSelect().options).map((o) => o.textContent)).toEqual(['Birthday', 'Christmas', '+ Create a new list…']);
    r.unmount();
    r = await openForm('/create-product/F1');
    await continueWith(r.user);
    expect(listSelect()).toHaveValue('L1');
  });

  it('creates a new list inline (confirm disabled while empty) and selects it', async () => {
    api.createProductList.mockResolvedValue(list('L3', 'Wedding'));
    const { user } = await openForm();
    await continueWith(user);
    await user.selectOptions(listSelect(), '+ Create a new list…');
    const nameField = screen.getByLabelText('Name of the new list');
    expect(nameField).toHaveFocus();
    const confirm = screen.getByRole('button', { name: 'Create the list' });
    expect(confirm).toBeDisabled();
    // The product form waits for the inline list.
    expect(submitButton()).toBeDisabled();
    await user.type(nameField, '   ');
    expect(confirm).toBeDisabled();
    await user.type(nameField, 'Wedding{Enter}');
    expect(api.createProductList).toHaveBeenCalledWith({ name: 'Wedding' });
    expect(api.createProduct).not.toHaveBeenCalled();
    await waitFor(() => expect(listSelect()).toHaveValue('L3'));
    expect(screen.queryByLabelText('Name of the new list')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('cancels the inline list and comes back to the former choice', async () => {
    const { user } = await openForm('/create-product/L2');
    await continueWith(user);
    await user.selectOptions(listSelect(), '+ Create a new list…');
    await user.click(screen.getByRole('button', { name: 'Cancel the new list' }));
    expect(listSelect()).toHaveValue('L2');
  });
});

describe('submit', () => {
  it('is enabled only with a name, the pictures checked and an owned list', async () => {
    installImageMock({ 'https://shop.example/1.jpg': 'hang' });
    const { user } = await openForm();
    await user.type(urlField(), SHOP);
    await user.click(continueButton());
    await screen.findByLabelText(/^Name/);
    // Pictures still loading.
    expect(screen.getByText("Loading the page's pictures…")).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('needs a name and an owned list', async () => {
    api.getProductLists.mockResolvedValue([list('F1', 'Friend list', false)]);
    const { user } = await openForm();
    await continueWith(user);
    expect(submitButton()).toBeDisabled();
    api.getProductLists.mockResolvedValue([list('L1', 'Birthday')]);
  });

  it('is disabled with an empty name', async () => {
    const { user } = await openForm();
    await continueWith(user);
    expect(submitButton()).toBeEnabled();
    await user.clear(screen.getByLabelText(/^Name/));
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), '  ');
    expect(submitButton()).toBeDisabled();
  });

  it('creates the product, updates the local lists, notifies and goes to the listing', async () => {
    useListsStore.setState({ lists: [list('L1', 'Birthday'), list('L2', 'Christmas')], status: 'ready', source: { kind: 'mine' } });
    api.createProduct.mockResolvedValue(product({ id: 'p9', productListId: 'L2' }));
    const { user } = await openForm('/create-product/L2');
    await continueWith(user);
    await user.click(radios()[1]);
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '20,5');
    await user.click(submitButton());
    expect(api.createProduct).toHaveBeenCalledWith({
      name: 'Red kite',
      image: 'https://shop.example/2.jpg',
      price: 2050,
      url: SHOP,
      productListId: 'L2',
    });
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L2/p9'));
    expect(notifications()).toContainEqual({ type: 'success', message: 'The product is added to your list.' });
    expect(useListsStore.getState().lists[1].products.map((p) => p.id)).toEqual(['p9']);
  });

  it('refuses an invalid price without calling the service', async () => {
    const { user } = await openForm();
    await continueWith(user);
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), 'twelve');
    expect(screen.getByLabelText(/^Price/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(submitButton());
    expect(api.createProduct).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Price/)).toHaveFocus();
  });

  it('marks the fields of a 422 and shows the data-error notification', async () => {
    api.createProduct.mockRejectedValue(
      new api.ApiError(422, { errors: { name: 'too-long', price: 'The price is too high.', image: 'invalid-image' } }),
    );
    const { user } = await openForm();
    await continueWith(user);
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(expect.stringMatching(/characters left This is too long\.$/));
    expect(screen.getByLabelText(/^Price/)).toHaveAccessibleDescription(expect.stringContaining('Check the price: The price is too high.'));
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText("This picture can't be used: choose another one.")).toBeInTheDocument();
    expect(notifications()).toEqual([{ type: 'error', message: 'There are some errors in the data you provided.' }]);
    expect(currentLocation()).toBe('/create-product');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());
  });

  it('stays with a failure notification on other errors', async () => {
    api.createProduct.mockRejectedValue(new api.ApiError(500, {}));
    const { user } = await openForm();
    await continueWith(user);
    await user.click(submitButton());
    await waitFor(() => expect(notifications()).toEqual([{ type: 'error', message: 'The product could not be added. Try again later.' }]));
    expect(currentLocation()).toBe('/create-product');
    expect(submitButton()).toBeEnabled();
  });
});

describe('ProductCreation (limits of the account)', () => {
  it.each([
    ['en', new api.ApiError(409, { error: { code: 'account_full', message: 'x' } }), 'Your lists hold as many products as one account can keep. Remove products you no longer need, then add this one again.'],
    ['en', new api.ApiError(429, { error: { code: 'too_many_requests', message: 'x' } }), 'You added a lot of products in a short time. Wait a few minutes, then add this one again.'],
    ['fr', new api.ApiError(409, { error: { code: 'account_full', message: 'x' } }), 'Vos listes contiennent autant de produits qu’un compte peut en garder. Retirez des produits dont vous n’avez plus besoin, puis ajoutez celui-ci.'],
    ['fr', new api.ApiError(429, { error: { code: 'too_many_requests', message: 'x' } }), 'Vous avez ajouté beaucoup de produits en peu de temps. Attendez quelques minutes, puis ajoutez celui-ci.'],
  ] as const)('says what to do when the service refuses a product for a limit of the account (%s, %#)', async (lang, error, message) => {
    api.createProduct.mockRejectedValue(error);
    const { user } = await openForm('/create-product', lang);
    const words = lang === 'fr' ? { url: 'Adresse de la page du produit', next: 'Continuer', name: /^Nom/, add: 'Ajouter à ma liste', wait: 'Chargement des images de la page…' } : { url: 'Address of the product page', next: 'Continue', name: /^Name/, add: 'Add to my list', wait: "Loading the page's pictures…" };
    await user.type(screen.getByLabelText(words.url), SHOP);
    await user.click(screen.getByRole('button', { name: words.next }));
    await screen.findByLabelText(words.name);
    await waitFor(() => expect(screen.queryByText(words.wait)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: words.add }));
    await waitFor(() => expect(notifications()).toEqual([{ type: 'error', message }]));
    expect(currentLocation()).toBe('/create-product');
    expect(screen.getByRole('button', { name: words.add })).toBeEnabled();
  });
});

describe('ProductFormPanel (listing panel)', () => {
  it('shows the address a link gave and reads it only when the person presses Continue, then hands the saved product over', async () => {
    const onSaved = jest.fn();
    const onCancel = jest.fn();
    api.createProduct.mockResolvedValue(product({ id: 'p7' }));
    const user = userEvent.setup();
    await renderPage(<ProductFormPanel initialUrl={SHOP} productListId="L2" onSaved={onSaved} onCancel={onCancel} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Add a product' })).toBeInTheDocument();
    // Any site can open an address with encodedProductUrl: nothing is read until the person says so.
    expect(urlField()).toHaveValue(SHOP);
    expect(screen.getByText(/A link opened this page with the address above/)).toBeInTheDocument();
    expect(api.getPageMetadata).not.toHaveBeenCalled();
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(api.getPageMetadata).toHaveBeenCalledWith(SHOP);
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Red kite');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(screen.getByLabelText('List')).toHaveValue('L2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    await user.click(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'p7' })));
  });

  it('keeps the typed URL in the step when the page cannot be read', async () => {
    api.getPageMetadata.mockRejectedValue(new api.ApiError(500, {}, true));
    await renderPage(<ProductFormPanel initialUrl={SHOP} onSaved={jest.fn()} onCancel={jest.fn()} />);
    fireEvent.submit(urlField().closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, there is a problem with the product. Try again later.');
    expect(urlField()).toHaveValue(SHOP);
    fireEvent.submit(urlField().closest('form')!);
    expect(api.getPageMetadata).toHaveBeenCalledTimes(2);
  });
});
