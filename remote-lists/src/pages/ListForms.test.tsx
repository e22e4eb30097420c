import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useNotificationsStore } from '@wishlist/stores';
import { list, mocked, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import CreateProductListPage from './CreateProductListPage';
import EditProductListPage from './EditProductListPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const messages = () => useNotificationsStore.getState().items.map((n) => `${n.type}: ${n.message}`);

beforeEach(() => {
  resetApi(api);
  useNotificationsStore.setState({ items: [] });
});

const nameField = () => screen.getByRole('textbox', { name: /List name/ });

describe('CreateProductListPage', () => {
  const render = (lang: 'en' | 'fr' = 'en') => renderPage(<CreateProductListPage />, { path: '/create-product-list', lang });

  it('keeps submit disabled while the name is empty or blank', async () => {
    const { container } = await render();
    const submit = screen.getByRole('button', { name: 'Create the list' });
    expect(submit).toBeDisabled();
    fireEvent.change(nameField(), { target: { value: '   ' } });
    expect(submit).toBeDisabled();
    fireEvent.change(nameField(), { target: { value: 'Birthday' } });
    expect(submit).toBeEnabled();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('creates the list (spinner while waiting), notifies and opens it', async () => {
    let done!: (l: ReturnType<typeof list>) => void;
    api.createProductList.mockReturnValue(new Promise((r) => (done = r)));
    await render();
    fireEvent.change(nameField(), { target: { value: '  Birthday ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the list' }));
    expect(api.createProductList).toHaveBeenCalledWith({ name: 'Birthday', surprise: true });
    expect(screen.getByRole('button', { name: 'Create the list' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => done(list('L9', 'Birthday')));
    expect(currentLocation()).toBe('/product-list/L9');
    expect(messages()).toEqual(['success: The list is created.']);
  });

  it('maps a 422 onto the name field with the data-error notice', async () => {
    api.createProductList.mockRejectedValue(new api.ApiError(422, { errors: { name: 'Too long' } }));
    await render('fr');
    fireEvent.change(screen.getByRole('textbox', { name: /Nom de la liste/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la liste' }));
    await act(async () => {});
    expect(screen.getByRole('textbox', { name: /Nom de la liste/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Donnez à la liste un nom de 1 à 100 caractères.')).toBeInTheDocument();
    expect(messages()).toEqual(['error: Il y a des erreurs dans les données que vous avez fournies.']);
    expect(currentLocation()).toBe('/create-product-list');
  });

  it('says so when the creation fails otherwise', async () => {
    api.createProductList.mockRejectedValue(new api.ApiError(500, {}));
    await render();
    fireEvent.change(nameField(), { target: { value: 'Birthday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the list' }));
    await act(async () => {});
    expect(messages()).toEqual(['error: The list could not be created. Try again later.']);
    expect(nameField()).not.toHaveAttribute('aria-invalid');
  });
});

describe('EditProductListPage', () => {
  const render = () => renderPage(<EditProductListPage />, { path: '/edit-product-list/L1', route: '/edit-product-list/:productListId' });

  it('prefills the name, renames, notifies and goes to /product-lists', async () => {
    api.getProductList.mockResolvedValue(list('L1', 'Birthday'));
    await render();
    expect(nameField()).toHaveValue('Birthday');
    fireEvent.change(nameField(), { target: { value: 'Birthday 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the name' }));
    await act(async () => {});
    expect(api.updateProductList).toHaveBeenCalledWith('L1', { name: 'Birthday 2026' });
    expect(currentLocation()).toBe('/product-lists');
    expect(messages()).toEqual(['success: The list is renamed.']);
  });

  it('maps a 422 onto the name field', async () => {
    api.getProductList.mockResolvedValue(list('L1', 'Birthday'));
    api.updateProductList.mockRejectedValue(new api.ApiError(422, { errors: { name: 'required' } }));
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Save the name' }));
    await act(async () => {});
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(messages()).toEqual(['error: There are some errors in the data you provided.']);
  });

  it('goes to /not-found for an unknown list, and refuses a list of someone else', async () => {
    api.getProductList.mockRejectedValue(new api.ApiError(404, {}));
    await render();
    await waitFor(() => expect(currentLocation()).toBe('/not-found'));
  });

  it('does not offer to rename a list the caller does not own', async () => {
    api.getProductList.mockResolvedValue(list('L1', 'Birthday', [], false));
    await render();
    expect(screen.getByRole('alert')).toHaveTextContent('Only the owner of this list can rename it.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
