import { act, fireEvent, screen } from '@testing-library/react';
import type { Product } from '@wishlist/contracts';
import { useBasketStore, useNotificationsStore } from '@wishlist/stores';
import { sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import BasketActions from './BasketActions';

const product = (extra: Partial<Product> = {}): Product => ({ ...sampleProduct('p1', 1500), ...extra }) as Product;
const items = () => useNotificationsStore.getState().items;

beforeEach(() => {
  localStorage.clear();
  useBasketStore.setState({ products: [] });
  useNotificationsStore.setState({ items: [] });
});

describe('BasketActions (list page, non-owner)', () => {
  it('renders nothing for the owner', async () => {
    const { container } = await renderPage(<BasketActions product={product()} isOwner />);
    expect(container.querySelector('.basket-actions')).toBeNull();
  });

  it('disables add when no product is focused, and Offer while the basket is empty', async () => {
    const { container } = await renderPage(<BasketActions isOwner={false} />);
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to basket' })).toHaveAccessibleDescription('Select a product first.');
    expect(screen.getByRole('button', { name: 'Offer' })).toBeDisabled();
    // Said why, visibly, next to the button.
    expect(screen.getByRole('button', { name: 'Offer' })).toHaveAccessibleDescription('Your basket is empty: add a product to offer it.');
    expect(screen.getByText('Your basket is empty: add a product to offer it.')).toBeVisible();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('disables add for a product already offered', async () => {
    await renderPage(<BasketActions product={product({ hasBeenOffered: true })} isOwner={false} />);
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to basket' })).toHaveAccessibleDescription('This product has already been offered.');
  });

  it('adds, notifies with "Offer my basket" / "Add more products", then offers removal', async () => {
    await renderPage(<BasketActions product={product()} isOwner={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(useBasketStore.getState().has('p1')).toBe(true);
    expect(useBasketStore.getState().products[0]).not.toHaveProperty('ownerId');
    expect(items().at(-1)).toMatchObject({
      type: 'page',
      message: expect.stringContaining('Product p1'),
      actions: [
        { label: 'Offer my basket', to: '/offer' },
        { label: 'Add more products' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove from basket' }));
    expect(useBasketStore.getState().has('p1')).toBe(false);
    expect(items().at(-1)).toMatchObject({ type: 'success', message: 'The product is removed from your basket.' });
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
  });

  it('Offer goes to the basket and shows its count', async () => {
    useBasketStore.getState().add(sampleProduct('x'));
    await renderPage(<BasketActions product={product()} isOwner={false} />, { lang: 'fr' });
    act(() => useBasketStore.getState().add(sampleProduct('y')));
    const offer = screen.getByRole('button', { name: /^Offrir/ });
    expect(offer).toHaveTextContent('2');
    fireEvent.click(offer);
    expect(currentLocation()).toBe('/basket');
  });
});

describe('BasketActions in a host tab bar', () => {
  it('renders plain buttons with the host classes and the same behaviour', async () => {
    useBasketStore.setState({ products: [] });
    const { container } = await renderPage(<BasketActions product={product()} isOwner={false} tabClassName="host-tab" tabLabelClassName="host-tab__label" />);
    const add = screen.getByRole('button', { name: 'Add to basket' });
    expect(add).toHaveClass('host-tab');
    expect(container.querySelector('.host-tab__label')).toHaveTextContent('Add to basket');
    fireEvent.click(add);
    expect(screen.getByRole('button', { name: 'Remove from basket' })).toHaveClass('host-tab');
    expect(screen.getByRole('button', { name: /^Offer/ })).toBeEnabled();
  });
});
