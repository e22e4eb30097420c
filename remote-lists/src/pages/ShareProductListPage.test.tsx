import { act, fireEvent, screen } from '@testing-library/react';
import { useNotificationsStore } from '@wishlist/stores';
import { list, mocked, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import ShareProductListPage from './ShareProductListPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const messages = () => useNotificationsStore.getState().items.map((n) => `${n.type}: ${n.message}`);
const ROUTE = '/share-product-list/:defaultProductListId';

beforeEach(() => {
  resetApi(api);
  useNotificationsStore.setState({ items: [] });
  api.getProductLists.mockResolvedValue([list('L1', 'Birthday'), list('L2', 'Christmas & New Year')]);
});

const link = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href')!;

describe('ShareProductListPage', () => {
  it('shows the link {host}/see/{id} and share links carrying the list name and link', async () => {
    const { container } = await renderPage(<ShareProductListPage />, { path: '/share-product-list/L2', route: ROUTE });
    const url = `${location.origin}/see/L2`;
    expect(screen.getByRole('textbox', { name: 'Link to your list' })).toHaveValue(url);
    expect(screen.getByRole('combobox', { name: 'List to share' })).toHaveValue('L2');

    const mail = new URL(link(/Send by e-mail/));
    expect(mail.protocol).toBe('mailto:');
    const subject = decodeURIComponent(mail.search.match(/subject=([^&]*)/)![1]);
    const body = decodeURIComponent(mail.search.match(/body=([^&]*)/)![1]);
    expect(subject).toContain('Christmas & New Year');
    expect(body).toContain('Christmas & New Year');
    expect(body).toContain(url);

    expect(link(/Share on Facebook/)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    const whatsapp = new URL(link(/Send with WhatsApp/));
    expect(whatsapp.origin).toBe('https://wa.me');
    expect(whatsapp.searchParams.get('text')).toContain(url);
    expect(whatsapp.searchParams.get('text')).toContain('Christmas & New Year');
    const tweet = new URL(link(/Post on X/));
    expect(tweet.searchParams.get('url')).toBe(url);
    expect(tweet.searchParams.get('text')).toContain('Christmas & New Year');
    for (const name of [/Share on Facebook/, /Send with WhatsApp/, /Post on X/]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank');
      expect(screen.getByRole('link', { name })).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('switches list with the picker', async () => {
    await renderPage(<ShareProductListPage />, { path: '/share-product-list/L2', route: ROUTE });
    fireEvent.change(screen.getByRole('combobox', { name: 'List to share' }), { target: { value: 'L1' } });
    expect(currentLocation()).toBe('/share-product-list/L1');
    expect(screen.getByRole('textbox', { name: 'Link to your list' })).toHaveValue(`${location.origin}/see/L1`);
  });

  it('shows the first owned list for an unknown id', async () => {
    await renderPage(<ShareProductListPage />, { path: '/share-product-list/XX', route: ROUTE });
    expect(currentLocation()).toBe('/share-product-list/L1');
  });

  it('copies the link and notifies', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage(<ShareProductListPage />, { path: '/share-product-list/L1', route: ROUTE });
    fireEvent.click(screen.getByRole('button', { name: 'Copy the link' }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/see/L1`);
    expect(messages()).toEqual(['success: The link to your wish list is copied into your clipboard.']);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    await renderPage(<ShareProductListPage />, { path: '/share-product-list/L1', route: ROUTE, lang: 'fr' });
    fireEvent.click(screen.getByRole('button', { name: 'Copier le lien' }));
    await act(async () => {});
    expect(messages()).toEqual(['error: Le lien n’a pas pu être copié. Sélectionnez-le et copiez-le vous-même.']);
  });

  it('resets the link after a confirmation that says the old link stops working', async () => {
    // The server's lists name the list by its new id from then on.
    api.resetShareLink.mockImplementation(async () => {
      api.getProductLists.mockResolvedValue([list('L1', 'Birthday'), list('N2', 'Christmas & New Year')]);
      return list('N2', 'Christmas & New Year');
    });
    await renderPage(<ShareProductListPage />, { path: '/share-product-list/L2', route: ROUTE });
    fireEvent.click(screen.getByRole('button', { name: 'Reset the link' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the link to “Christmas & New Year”?' });
    expect(dialog).toHaveTextContent('The old link stops working at once');
    // The safe choice has the focus; cancelling changes nothing.
    expect(screen.getByRole('button', { name: 'Keep this link' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Keep this link' }));
    expect(api.resetShareLink).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reset the link' }));
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Reset the link' }).at(-1)!);
    });
    expect(api.resetShareLink).toHaveBeenCalledWith('L2');
    expect(currentLocation()).toBe('/share-product-list/N2');
    expect(screen.getByRole('textbox', { name: 'Link to your list' })).toHaveValue(`${location.origin}/see/N2`);
    expect(messages()).toContain('success: The list has a new link. The old one no longer works.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the reset fails, and keeps the link', async () => {
    await renderPage(<ShareProductListPage />, { path: '/share-product-list/L2', route: ROUTE });
    fireEvent.click(screen.getByRole('button', { name: 'Reset the link' }));
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Reset the link' }).at(-1)!);
    });
    expect(messages()).toContain('error: The link could not be reset. Try again later.');
    expect(screen.getByRole('textbox', { name: 'Link to your list' })).toHaveValue(`${location.origin}/see/L2`);
  });
});
