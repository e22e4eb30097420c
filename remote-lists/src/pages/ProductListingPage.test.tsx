import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DndContextProps } from '@dnd-kit/core';
import { useNotificationsStore, useSessionStore, useViewStore } from '@wishlist/stores';
import { list, mocked, product, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import { encodeProductUrl } from '@wishlist/contracts';
import { useListsStore } from '../state/listsStore';
import ProductListingPage from './ProductListingPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
// Captures the drag-and-drop context's handlers, to drop a product as dnd-kit would.
let dnd: DndContextProps | undefined;
jest.mock('@dnd-kit/core', () => {
  const actual = jest.requireActual('@dnd-kit/core');
  return {
    ...actual,
    DndContext: (props: DndContextProps) => {
      dnd = props;
      return jest.requireActual('react').createElement(actual.DndContext, props);
    },
  };
});
const api = mocked();

const ROUTE = '/product-list/:productListId/:productId?';
const notifications = () => useNotificationsStore.getState().items;
const messages = () => notifications().map((n) => `${n.type}: ${n.message}`);

const birthday = list('L1', 'Birthday', [product('P1'), product('P2', { name: 'Red bike', price: 12345 }), product('P3', { hasBeenOffered: true, price: null })]);
const christmas = list('L2', 'Christmas', [product('P4')]);
const wedding = list('L3', 'Wedding');

const signIn = () => useSessionStore.setState({ token: { name: 't1', bearer: 'bearer' }, defaultListId: 'L1' });
const render = (path: string) => renderPage(<ProductListingPage />, { path, route: ROUTE });

beforeEach(() => {
  resetApi(api);
  dnd = undefined;
  useListsStore.getState().reset();
  useNotificationsStore.setState({ items: [] });
  signIn();
  api.getProductLists.mockResolvedValue([birthday, christmas, wedding]);
});

describe('ProductListingPage (owner)', () => {
  it('shows the list, its products with prices and sites, and the owner controls', async () => {
    const { container } = await render('/product-list/L1');
    expect(screen.getByRole('heading', { level: 1, name: 'Birthday' })).toBeInTheDocument();
    const bike = screen.getByRole('button', { name: /^Red bike/ });
    expect(bike).toHaveTextContent('€123.45');
    expect(bike).toHaveTextContent('shop.example');
    expect(screen.getByRole('button', { name: /^Product P3/ })).toHaveTextContent('-.-- €');
    expect(screen.getByRole('button', { name: /^Product P3/ })).toHaveTextContent('Offered');
    expect(screen.getByRole('button', { name: 'Delete this list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /favorites/ })).toBeNull();
    const tabs = screen.getByRole('region', { name: 'Product actions' });
    // No focused product: add and share (and lists), Open page disabled.
    expect(within(tabs).getByRole('link', { name: 'Add a product' })).toHaveAttribute('href', '/create-product/L1');
    expect(within(tabs).getByRole('link', { name: 'Share' })).toHaveAttribute('href', '/share-product-list/L1');
    expect(within(tabs).getByRole('link', { name: 'Lists' })).toHaveAttribute('href', '/product-lists');
    expect(within(tabs).getByRole('link', { name: 'See my basket' })).toHaveAttribute('href', '/basket');
    expect(within(tabs).getByRole('button', { name: 'Open page' })).toBeDisabled();
    expect(within(tabs).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Move / })).toHaveLength(3);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('tells the header it shows one of the person own lists, and forgets it on leaving', async () => {
    const { unmount } = await render('/product-list/L1');
    await waitFor(() => expect(useViewStore.getState().viewedList).toEqual({ id: 'L1', isOwner: true }));
    unmount();
    expect(useViewStore.getState().viewedList).toBeNull();
  });

  it('focuses the product named in the route', async () => {
    await render('/product-list/L1/P2');
    expect(screen.getByRole('button', { name: /^Red bike/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^Product P1/ })).toHaveAttribute('aria-pressed', 'false');
    const tabs = screen.getByRole('region', { name: 'Product actions' });
    expect(within(tabs).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/product-list/L1/product/P2/edit');
    expect(within(tabs).getByRole('link', { name: 'Open page' })).toHaveAttribute('href', 'https://www.shop.example/p/P2');
    expect(within(tabs).getByRole('link', { name: 'Open page' })).toHaveAttribute('target', '_blank');
  });

  it('a click focuses a product and clears the others', async () => {
    await render('/product-list/L1/P2');
    fireEvent.click(screen.getByRole('button', { name: /^Product P1/ }));
    expect(screen.getByRole('button', { name: /^Product P1/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^Red bike/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the arrows with more than one list, wrapping at both ends', async () => {
    await render('/product-list/L1');
    expect(screen.getByText(/List 1 of 3/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous list' }));
    expect(currentLocation()).toBe('/product-list/L3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wedding' })).toBeInTheDocument();
    expect(screen.getByText('This list is empty. Add a first product from any shop page.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next list' }));
    expect(currentLocation()).toBe('/product-list/L1');
    fireEvent.click(screen.getByRole('button', { name: 'Next list' }));
    expect(currentLocation()).toBe('/product-list/L2');
    expect(api.getProductLists).toHaveBeenCalledTimes(1);
  });

  it('shows the list once, whole, read alongside the lists that carry its first products only; then its neighbours', async () => {
    const many = Array.from({ length: 9 }, (_, i) => product(`M${i}`, { name: `Gift ${i}` }));
    const xmas = Array.from({ length: 8 }, (_, i) => product(`X${i}`, { name: `Xmas ${i}`, productListId: 'L2' }));
    api.getProductLists.mockResolvedValue([
      { ...list('L1', 'Birthday', many.slice(0, 6)), productCount: 9 },
      { ...list('L2', 'Christmas', xmas.slice(0, 6)), productCount: 8 },
    ]);
    let answerL1: () => void = () => undefined;
    // The neighbour is read once the list's cards are drawn, never while React draws them.
    let cardsWhenNeighbourRead = -1;
    api.getProductList.mockImplementation((id) => {
      if (id === 'L1') return new Promise((resolve) => (answerL1 = () => resolve(list('L1', 'Birthday', many))));
      cardsWhenNeighbourRead = screen.queryAllByRole('button', { name: /^Gift \d/ }).length;
      return Promise.resolve(list('L2', 'Christmas', xmas));
    });
    await render('/product-list/L1');
    // Not its first products, then all of them: the page waits for the list whole.
    expect(screen.queryAllByRole('button', { name: /^Gift \d/ })).toHaveLength(0);
    await act(async () => answerL1());
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Gift \d/ })).toHaveLength(9));
    expect(screen.getAllByRole('button', { name: /^Move / })).toHaveLength(9);
    await waitFor(() => expect(api.getProductList).toHaveBeenCalledWith('L2'));
    expect(cardsWhenNeighbourRead).toBe(9);
    fireEvent.click(screen.getByRole('button', { name: 'Next list' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Christmas' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Xmas \d/ })).toHaveLength(8));
    expect(api.getProductList).toHaveBeenCalledTimes(2);
    expect(api.getProductLists).toHaveBeenCalledTimes(1);
  });

  it('shows the first products when the whole list could not be read with the lists, reorders only once it is read whole', async () => {
    const many = Array.from({ length: 9 }, (_, i) => product(`M${i}`, { name: `Gift ${i}` }));
    api.getProductLists.mockResolvedValue([{ ...list('L1', 'Birthday', many.slice(0, 6)), productCount: 9 }]);
    let answerL1: () => void = () => undefined;
    api.getProductList
      .mockImplementationOnce(() => Promise.reject(new api.ApiError(500, {})))
      .mockImplementation(() => new Promise((resolve) => (answerL1 = () => resolve(list('L1', 'Birthday', many)))));
    await render('/product-list/L1');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Gift \d/ })).toHaveLength(6));
    expect(screen.queryAllByRole('button', { name: /^Move / })).toHaveLength(0);
    await act(async () => answerL1());
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Gift \d/ })).toHaveLength(9));
    expect(screen.getAllByRole('button', { name: /^Move / })).toHaveLength(9);
    expect(api.getProductList).toHaveBeenCalledTimes(2);
  });

  it('has no arrows with a single list', async () => {
    api.getProductLists.mockResolvedValue([birthday]);
    await render('/product-list/L1');
    expect(screen.getByRole('heading', { level: 1, name: 'Birthday' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next list' })).toBeNull();
  });

  it('sends an unknown list to its shared view', async () => {
    await render('/product-list/SOMEONE-ELSE');
    await waitFor(() => expect(currentLocation()).toBe('/see/SOMEONE-ELSE'));
  });

  it('sends a signed-out visitor to the shared view without asking for lists', async () => {
    useSessionStore.setState({ token: null, defaultListId: null });
    await render('/product-list/L1');
    expect(currentLocation()).toBe('/see/L1');
    expect(api.getProductLists).not.toHaveBeenCalled();
  });

  it('sends a caller whose lists answer 401 to the shared view', async () => {
    api.getProductLists.mockRejectedValue(new api.ApiError(401, {}));
    await render('/product-list/L2');
    await waitFor(() => expect(currentLocation()).toBe('/see/L2'));
  });

  it('shows a retry panel when the lists cannot be loaded', async () => {
    api.getProductLists.mockRejectedValueOnce(new api.ApiError(500, {}));
    await render('/product-list/L1');
    expect(screen.getByRole('heading', { name: 'The products could not be loaded' })).toBeInTheDocument();
    expect(messages()).toEqual(['error: The products could not be loaded. Try again later.']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Birthday' })).toBeInTheDocument();
  });

  it('marks offered optimistically and keeps it on failure, with a failure notice', async () => {
    let fail!: (e: unknown) => void;
    api.updateProductInList.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    await render('/product-list/L1/P1');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as offered' }));
    expect(api.updateProductInList).toHaveBeenCalledWith('L1', 'P1', { hasBeenOffered: true });
    expect(screen.getByRole('button', { name: /^Product P1/ })).toHaveTextContent('Offered');
    expect(screen.getByRole('button', { name: 'Mark as not offered' })).toBeInTheDocument();
    await act(async () => fail(new api.ApiError(500, {})));
    expect(screen.getByRole('button', { name: /^Product P1/ })).toHaveTextContent('Offered');
    expect(messages()).toEqual(['error: The product could not be marked as offered. Try again later.']);
  });

  it('marks not offered, with a success notice', async () => {
    await render('/product-list/L1/P3');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as not offered' }));
    await act(async () => {});
    expect(api.updateProductInList).toHaveBeenCalledWith('L1', 'P3', { hasBeenOffered: false });
    expect(screen.getByRole('button', { name: /^Product P3/ })).not.toHaveTextContent('Offered');
    expect(messages()).toEqual(['success: The product is marked as not offered.']);
  });

  it('removes a product only after the confirmation', async () => {
    await render('/product-list/L1/P2');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this product?' });
    expect(dialog).toHaveTextContent('“Red bike” will be removed from the list “Birthday”.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.deleteProductInList).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove the product' }));
    await act(async () => {});
    expect(api.deleteProductInList).toHaveBeenCalledWith('L1', 'P2');
    expect(screen.queryByRole('button', { name: /^Red bike/ })).toBeNull();
    expect(currentLocation()).toBe('/product-list/L1');
    expect(messages()).toEqual(['success: The product is removed.']);
  });

  it('keeps the product and says so when the removal fails', async () => {
    api.deleteProductInList.mockRejectedValue(new api.ApiError(500, {}));
    await render('/product-list/L1/P2');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove the product' }));
    await act(async () => {});
    expect(screen.getByRole('button', { name: /^Red bike/ })).toBeInTheDocument();
    expect(messages()).toEqual(['error: The product could not be removed. Try again later.']);
  });

  it('deletes the list after confirmation and shows the next one', async () => {
    await render('/product-list/L2');
    fireEvent.click(screen.getByRole('button', { name: 'Delete this list' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete the list “Christmas”?' })).getByRole('button', { name: 'Delete the list' }));
    await act(async () => {});
    expect(api.deleteProductList).toHaveBeenCalledWith('L2');
    expect(currentLocation()).toBe('/product-list/L3');
    expect(messages()).toEqual(['success: The list is deleted.']);
  });

  it('does not offer to delete the only owned list, and says why (the server would refuse it)', async () => {
    api.getProductLists.mockResolvedValue([birthday]);
    const { container } = await render('/product-list/L1');
    const del = screen.getByRole('button', { name: 'Delete this list' });
    expect(del).toBeDisabled();
    expect(del).toHaveAccessibleDescription("You can't delete your list when it's only one you own.");
    expect(screen.getByText("You can't delete your list when it's only one you own.")).toBeVisible();
    expect(api.deleteProductList).not.toHaveBeenCalled();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('still shows the 422 notice if the server refuses a deletion', async () => {
    api.deleteProductList.mockRejectedValue(new api.ApiError(422, { errors: { productList: "You can't delete your list when it's only one you own." } }));
    await render('/product-list/L1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete this list' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete the list' }));
    await act(async () => {});
    expect(currentLocation()).toBe('/product-list/L1');
    expect(messages()).toEqual(["error: You can't delete your list when it's only one you own."]);
  });

  it('selects a product on click, Enter or Space only: hovering or arrowing across cards changes nothing', async () => {
    await render('/product-list/L1/P2');
    const tabs = screen.getByRole('region', { name: 'Product actions' });
    expect(tabs).toHaveTextContent('Selected: Red bike');
    const p1 = screen.getByRole('button', { name: /^Product P1/ });
    fireEvent.mouseEnter(p1.closest('li')!);
    fireEvent.mouseOver(p1);
    fireEvent.focus(p1);
    expect(screen.getByRole('button', { name: /^Red bike/ })).toHaveAttribute('aria-pressed', 'true');
    expect(tabs).toHaveTextContent('Selected: Red bike');
    // One tab stop: the selected card (and its handle).
    expect(screen.getByRole('button', { name: /^Red bike/ })).toHaveAttribute('tabindex', '0');
    expect(p1).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('button', { name: 'Move Product P1' })).toHaveAttribute('tabindex', '-1');
    // The arrows move the focus, not the selection.
    screen.getByRole('button', { name: /^Red bike/ }).focus();
    fireEvent.keyDown(screen.getByRole('button', { name: /^Red bike/ }), { key: 'ArrowLeft' });
    expect(p1).toHaveFocus();
    expect(p1).toHaveAttribute('aria-pressed', 'false');
    fireEvent.keyDown(p1, { key: 'End' });
    expect(screen.getByRole('button', { name: /^Product P3/ })).toHaveFocus();
    expect(tabs).toHaveTextContent('Selected: Red bike');
    fireEvent.click(screen.getByRole('button', { name: /^Product P3/ }));
    expect(tabs).toHaveTextContent('Selected: Product P3');
    // The selected product's actions come first in the bar.
    expect(within(tabs).getAllByRole('button')[0]).toHaveTextContent('Mark as not offered');
  });

  it('saves a new order when a product is dropped at another index, and nothing otherwise', async () => {
    await render('/product-list/L1');
    expect(dnd).toBeDefined();
    await act(async () => dnd!.onDragEnd!({ active: { id: 'P1' }, over: { id: 'P1' } } as never));
    await act(async () => dnd!.onDragEnd!({ active: { id: 'P1' }, over: null } as never));
    expect(api.orderProducts).not.toHaveBeenCalled();
    expect(notifications()).toEqual([]);

    await act(async () => dnd!.onDragEnd!({ active: { id: 'P1' }, over: { id: 'P3' } } as never));
    expect(api.orderProducts).toHaveBeenCalledWith('L1', ['P2', 'P3', 'P1']);
    const names = screen.getAllByRole('button', { name: /^Move / }).map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Move Red bike', 'Move Product P3', 'Move Product P1']);
    expect(messages()).toEqual(['success: The new order is saved.']);
  });

  it('puts the order back and says so when saving it fails', async () => {
    api.orderProducts.mockRejectedValue(new api.ApiError(500, {}));
    await render('/product-list/L1');
    await act(async () => dnd!.onDragEnd!({ active: { id: 'P3' }, over: { id: 'P1' } } as never));
    const names = screen.getAllByRole('button', { name: /^Move / }).map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Move Product P1', 'Move Red bike', 'Move Product P3']);
    expect(messages()).toEqual(['error: The new order could not be saved. Try again later.']);
  });

  it('ignores a pull-to-refresh while one runs, and while a product is movable', async () => {
    const { container } = await render('/product-list/L1');
    const area = container.querySelector('.lists-pull')!;
    const pull = () => {
      fireEvent.touchStart(area, { touches: [{ clientX: 10, clientY: 10 }] });
      fireEvent.touchMove(area, { touches: [{ clientX: 12, clientY: 120 }] });
      fireEvent.touchEnd(area, { touches: [] });
    };
    let finish!: () => void;
    api.getProductLists.mockReturnValueOnce(new Promise((resolve) => (finish = () => resolve([birthday, christmas, wedding]))));
    pull();
    expect(api.getProductLists).toHaveBeenCalledTimes(2);
    expect(container.querySelector('[role=status]')).toHaveTextContent('Refreshing the list…');
    pull();
    expect(api.getProductLists).toHaveBeenCalledTimes(2);
    await act(async () => finish());
    pull();
    expect(api.getProductLists).toHaveBeenCalledTimes(3);
    await act(async () => {});

    act(() => useListsStore.getState().setMovable(true));
    pull();
    expect(api.getProductLists).toHaveBeenCalledTimes(3);
  });

  it('opens the creation panel from the encodedProductUrl query, and closes it', async () => {
    const encoded = encodeProductUrl('https://shop.example/p/42');
    await render(`/product-list/L1?encodedProductUrl=${encoded}`);
    const dialog = await screen.findByRole('dialog', { name: 'Add this product' });
    expect(dialog).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentLocation()).toBe('/product-list/L1');
  });
});
