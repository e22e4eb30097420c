import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as Api from '@wishlist/api-client';
import { useNotificationsStore } from '@wishlist/stores';
import ProductListsPage from '../pages/ProductListsPage';
import { list, mocked, product, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { renderPage } from '../test/render';

jest.mock('@wishlist/api-client', () => ({
  ...jest.requireActual('../test/api').apiMock(),
  importProductList: jest.fn(),
  exportProductList: jest.fn(),
  createProduct: jest.fn(),
  getPageMetadata: jest.fn(),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const files = require('@wishlist/api-client') as jest.Mocked<typeof Api>;
const api = mocked();
const messages = () => useNotificationsStore.getState().items.map((n) => `${n.type}: ${n.message}`);

beforeEach(() => {
  resetApi(api);
  useNotificationsStore.setState({ items: [] });
  api.getProductLists.mockResolvedValue([list('L1', 'Birthday'), list('L2', 'Christmas')]);
});

const render = (lang: 'en' | 'fr' = 'en') => renderPage(<ProductListsPage />, { path: '/product-lists', lang });
const dialog = () => screen.getByRole('dialog', { name: 'Import a list' });
const csvFile = (text: string, name = 'winter.csv') => new File([text], name, { type: 'text/csv' });

async function openImport() {
  await render();
  fireEvent.click(screen.getByRole('button', { name: 'Import a list' }));
  return dialog();
}

function chooseFile(file: File) {
  const input = within(dialog()).getByLabelText('File');
  fireEvent.change(input, { target: { files: [file] } });
}

async function submit() {
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Import' }));
  await act(async () => {});
}

describe('Import a list: a file', () => {
  it('imports the chosen file into a new list, says so, links to it and shows it among the lists', async () => {
    const opened = await openImport();
    expect(within(opened).getByRole('radio', { name: 'A file (CSV or JSON)' })).toHaveFocus();
    expect(await seriousViolations(opened)).toEqual([]);
    files.importProductList.mockResolvedValue({ id: 'L9', name: 'winter', isOwner: true, products: [{ id: 'P1' }, { id: 'P2' }] } as never);
    chooseFile(csvFile('url,name\nhttps://a.example/1,A\nhttps://a.example/2,B\n'));
    await submit();
    await waitFor(() => expect(within(dialog()).getByText('“winter” is created with 2 products.')).toBeInTheDocument());
    expect(files.importProductList).toHaveBeenCalledWith({ content: 'url,name\nhttps://a.example/1,A\nhttps://a.example/2,B\n', fileName: 'winter.csv', format: 'csv' }, '');
    expect(within(dialog()).getByText('“winter” is created with 2 products.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'Open the list' })).toHaveAttribute('href', '/product-list/L9');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /^winter/ })).toHaveTextContent('2 products');
  });

  it('takes a file without a known extension as JSON when its text is JSON', async () => {
    await openImport();
    files.importProductList.mockResolvedValue({ id: 'L9', name: 'Saved', isOwner: true, products: [] } as never);
    chooseFile(new File(['{"name":"Saved","products":[]}'], 'download', { type: '' }));
    await submit();
    await waitFor(() => expect(files.importProductList).toHaveBeenCalledWith({ content: '{"name":"Saved","products":[]}', fileName: 'download', format: 'json' }, ''));
  });

  it('asks for a file first, and names each bad line when the service refuses the file', async () => {
    await openImport();
    await submit();
    expect(within(dialog()).getByLabelText('File')).toHaveAccessibleDescription(expect.stringContaining('Choose a file.'));
    files.importProductList.mockRejectedValue(
      new api.ApiError(422, { code: 'invalid_file', errors: { 'line 3': 'the price is not an amount in euros (write 19.99, or leave it empty).' } }),
    );
    chooseFile(csvFile('url,name,price\n'));
    await submit();
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported. Correct these lines in the file, then import it again:');
    expect(alert).toHaveTextContent('Line 3 — the price is not an amount in euros (write 19.99, or leave it empty).');
  });

  it.each([
    [413, { error: { code: 'import_too_large' } }, 'This file is larger than 1 MB.'],
    [413, { error: { code: 'too_many_products' } }, 'This file has more than 500 products'],
    [409, { error: { code: 'account_full' } }, 'Your lists don\'t have room for every product of this file'],
    [409, { error: { code: 'too_many_lists' } }, 'You own 100 lists'],
    [429, { error: { code: 'too_many_requests' } }, 'You imported several lists in a short time.'],
  ])('says what to do after a %s %j', async (status, body, text) => {
    await openImport();
    files.importProductList.mockRejectedValue(new api.ApiError(status, body));
    chooseFile(csvFile('url,name\n'));
    await submit();
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(text);
  });
});

describe('Import a list: pasted addresses', () => {
  beforeEach(() => {
    api.createProductList.mockResolvedValue({ id: 'L7', name: 'Ideas', isOwner: true, products: [] });
    files.getPageMetadata.mockImplementation(async (url: string) => {
      if (url.endsWith('/2')) throw new api.ApiError(422, { code: 'page_timeout', errors: { url: 'timeout' } });
      return { url, title: `Page ${url.slice(-1)}`, images: [], price: null, currency: null, siteName: null };
    });
    files.createProduct.mockImplementation(async (p) => product(`P-${p.url.slice(-1)}`, { ...p, note: p.note ?? undefined }));
  });

  async function paste(text: string, name = 'Ideas') {
    await openImport();
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Addresses of product pages' }));
    fireEvent.change(within(dialog()).getByLabelText(/^Name of the new list/), { target: { value: name } });
    fireEvent.change(within(dialog()).getByLabelText('Addresses, one a line'), { target: { value: text } });
  }

  it('adds each address into a new list and reports line by line what was not added, with what to do', async () => {
    await paste('https://a.example/1\nnot a link\nhttps://a.example/2\nhttps://a.example/3');
    await submit();
    await waitFor(() => expect(within(dialog()).getByText('2 of 4 addresses added to “Ideas”.')).toBeInTheDocument());
    expect(api.createProductList).toHaveBeenCalledWith({ name: 'Ideas' });
    expect(files.createProduct.mock.calls.map(([p]) => [p.url, p.name, p.productListId])).toEqual([
      ['https://a.example/1', 'Page 1', 'L7'],
      ['https://a.example/3', 'Page 3', 'L7'],
    ]);
    const failed = within(dialog()).getAllByRole('listitem').map((li) => li.textContent);
    expect(failed).toEqual([
      expect.stringMatching(/^Line 2 not a linkThis is not a web address/),
      expect.stringMatching(/^Line 3 https:\/\/a.example\/2The shop's website took too long to answer.*Add this product on its own/),
      'Line 1 Added: Page 1',
      'Line 4 Added: Page 3',
    ]);
    expect(await seriousViolations(dialog())).toEqual([]);
    // Trying again puts back only what may work now, into the same list.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Try the addresses not added again' }));
    expect(within(dialog()).getByLabelText('Addresses, one a line')).toHaveValue('https://a.example/2');
  });

  it('needs a name and at least one address', async () => {
    await paste('', '');
    await submit();
    expect(within(dialog()).getByLabelText(/^Name of the new list/)).toHaveAccessibleDescription(expect.stringContaining('Give the new list a name.'));
    expect(within(dialog()).getByLabelText('Addresses, one a line')).toHaveAccessibleDescription(expect.stringContaining('Paste at least one address.'));
    expect(api.createProductList).not.toHaveBeenCalled();
  });

  it('removes the new list again when no address could be added', async () => {
    await paste('https://a.example/2');
    await submit();
    await waitFor(() => expect(within(dialog()).getByText('No address could be added, so no list was created.')).toBeInTheDocument());
    expect(api.deleteProductList).toHaveBeenCalledWith('L7');
  });
});

describe('Export', () => {
  it('offers JSON and CSV for a selected owned list and saves the file', async () => {
    const createObjectURL = jest.fn(() => 'blob:list');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    files.exportProductList.mockResolvedValue({ fileName: 'Christmas.csv', content: 'name,url\r\n', mimeType: 'text/csv;charset=utf-8' });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await render();
    fireEvent.click(screen.getByRole('button', { name: /^Christmas/ }));
    const toggle = screen.getByRole('button', { name: 'Export' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Export as JSON' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Export as CSV (spreadsheet)' }));
    await act(async () => {});
    expect(files.exportProductList).toHaveBeenCalledWith('L2', 'csv');
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
    expect(messages()).toEqual(['success: “Christmas” is saved as Christmas.csv.']);
    click.mockRestore();
  });

  it('says so in French when the export fails', async () => {
    files.exportProductList.mockRejectedValue(new api.ApiError(500, {}));
    await render('fr');
    expect(screen.getByRole('button', { name: 'Importer une liste' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Christmas/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exporter en JSON' }));
    await act(async () => {});
    expect(messages()).toEqual(['error: La liste n’a pas pu être exportée. Réessayez plus tard.']);
  });
});
