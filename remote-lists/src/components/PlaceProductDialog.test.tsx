import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, ProductList } from '@wishlist/contracts';
import { useListsStore } from '../state/listsStore';
import { seriousViolations } from '../test/axe';
import { renderPage } from '../test/render';
import { PlaceProductDialog, placedLists, placeTargets } from './PlaceProductDialog';
import { ownerActions } from './ProductActions';

jest.mock('@wishlist/api-client', () => ({ ...jest.requireActual('@wishlist/api-client'), setProductLists: jest.fn() }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('@wishlist/api-client') as { setProductLists: jest.Mock };

const product = (over: Partial<Product> = {}): Product => ({
  id: 'p1',
  name: 'Red kite',
  image: 'x',
  price: 1999,
  url: 'https://shop.example/kite',
  productListId: 'L1',
  isWishlisted: true,
  hasFocus: false,
  isMovable: false,
  ...over,
});
const list = (id: string, name: string, products: Product[] = [], over: Partial<ProductList> = {}): ProductList => ({ id, name, isOwner: true, products, ...over });

describe('placedLists and placeTargets', () => {
  it('a move leaves the list it is done from, a copy keeps it; the target is added once', () => {
    expect(placedLists(['L1'], 'move', 'L1', 'L2')).toEqual(['L2']);
    expect(placedLists(['L1'], 'copy', 'L1', 'L2')).toEqual(['L1', 'L2']);
    expect(placedLists(['L1', 'L2'], 'move', 'L1', 'L2')).toEqual(['L2']);
    expect(placedLists(['L1', 'L3'], 'move', 'L3', 'L2')).toEqual(['L1', 'L2']);
  });

  it("offers the owner's other active lists; a copy never to a list it is already on", () => {
    const lists = [list('L1', 'A'), list('L2', 'B'), list('L3', 'C', [], { archived: true }), list('F1', 'Friend', [], { isOwner: false }), list('L4', 'D')];
    const p = product({ productListIds: ['L1', 'L4'] });
    expect(placeTargets(lists, p, 'L1', 'move').map((l) => l.id)).toEqual(['L2', 'L4']);
    expect(placeTargets(lists, p, 'L1', 'copy').map((l) => l.id)).toEqual(['L2']);
  });

  it('puts Move to… and Copy to… among the selected product’s owner actions only when there is another list', () => {
    const t = (k: string) => k;
    const handlers = { onToggleOffered: jest.fn(), onRemove: jest.fn() };
    expect(ownerActions(t, list('L1', 'A'), product(), handlers).map((a) => a.key)).not.toContain('move');
    const keys = ownerActions(t, list('L1', 'A'), product(), { ...handlers, onPlace: jest.fn() }).map((a) => a.key);
    expect(keys.slice(0, 5)).toEqual(['offered', 'edit', 'remove', 'move', 'copy']);
  });
});

describe('PlaceProductDialog', () => {
  beforeEach(() => {
    api.setProductLists.mockReset();
    const p = product();
    useListsStore.setState({ lists: [list('L1', 'Birthday', [p]), list('L2', 'Christmas'), list('L3', 'Wedding')], status: 'ready', source: { kind: 'mine' } });
  });

  it('copies to the chosen list: the same product shows on both', async () => {
    api.setProductLists.mockResolvedValue(product({ productListIds: ['L1', 'L3'] }));
    const onClose = jest.fn();
    const user = userEvent.setup();
    const { container } = await renderPage(<PlaceProductDialog list={useListsStore.getState().lists[0]} product={product()} mode="copy" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Copy “Red kite” to another list' })).toBeInTheDocument();
    expect(await seriousViolations(container.ownerDocument.body)).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Wedding' }));
    await user.click(screen.getByRole('button', { name: 'Copy it' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.setProductLists).toHaveBeenCalledWith('p1', ['L1', 'L3']);
    expect(useListsStore.getState().lists.map((l) => l.products.map((p) => p.productListId))).toEqual([['L1'], [], ['L3']]);
  });

  it('moves to the chosen list: it leaves this one; a full list is said in the dialog', async () => {
    api.setProductLists.mockRejectedValueOnce(new (jest.requireActual('@wishlist/api-client').ApiError)(422, { errors: { productListIds: 'list-full' } }));
    api.setProductLists.mockResolvedValueOnce(product({ productListId: 'L2', productListIds: ['L2'] }));
    const onClose = jest.fn();
    const user = userEvent.setup();
    await renderPage(<PlaceProductDialog list={useListsStore.getState().lists[0]} product={product()} mode="move" onClose={onClose} />);
    expect(screen.getByRole('radio', { name: 'Christmas' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Move it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That list is full (500 products): choose another one.');
    await user.click(screen.getByRole('button', { name: 'Move it' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.setProductLists).toHaveBeenLastCalledWith('p1', ['L2']);
    expect(useListsStore.getState().lists.map((l) => l.products.length)).toEqual([0, 1, 0]);
  });
});
