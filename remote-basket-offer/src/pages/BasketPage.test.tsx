import { fireEvent, screen, within } from '@testing-library/react';
import { useBasketStore } from '@wishlist/stores';
import { sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, headingProblems, renderPage } from '../test/render';
import BasketPage from './BasketPage';

beforeEach(() => {
  localStorage.clear();
  useBasketStore.setState({ products: [], lastListId: undefined });
});

describe('BasketPage (/basket)', () => {
  it('shows the empty state with Add more products', async () => {
    const { container } = await renderPage(<BasketPage />, { path: '/basket' });
    expect(screen.getByRole('heading', { level: 1, name: 'Products to gift' })).toBeInTheDocument();
    expect(screen.getByText('Your basket is empty')).toBeInTheDocument();
    // Never `/` (a visitor would land on the sign-in page): the home page of the language.
    expect(screen.getByRole('link', { name: 'Add more products' })).toHaveAttribute('href', '/en');
    expect(screen.queryByRole('button', { name: /Offer for/ })).not.toBeInTheDocument();
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('leads an empty basket back to the shared list viewed last', async () => {
    useBasketStore.getState().rememberList('L9');
    await renderPage(<BasketPage />, { path: '/basket' });
    expect(screen.getByRole('link', { name: 'Add more products' })).toHaveAttribute('href', '/see/L9');
  });

  it('lists the products with the formatted total and goes to /offer', async () => {
    useBasketStore.getState().add(sampleProduct('a', 1250));
    useBasketStore.getState().add(sampleProduct('b', 800, { productListId: 'L2' }));
    useBasketStore.getState().add(sampleProduct('c', null, { productListId: 'L3' }));
    const { container } = await renderPage(<BasketPage />, { path: '/basket' });
    const list = screen.getByRole('list', { name: 'Products in your basket' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Product a' })).toHaveAttribute('href', 'https://shop.example/a');
    expect(screen.getByRole('link', { name: 'Product a' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('-.-- €')).toBeInTheDocument();
    expect(screen.getByText('3 products')).toBeInTheDocument();
    // Add more goes back to the list of the last product added.
    expect(screen.getByRole('link', { name: 'Add more products' })).toHaveAttribute('href', '/see/L3');
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^Offer for €20\.50$/ }));
    expect(currentLocation()).toBe('/offer');
  });

  it('removes a product and updates the total', async () => {
    useBasketStore.getState().add(sampleProduct('a', 1250));
    useBasketStore.getState().add(sampleProduct('b', 800));
    await renderPage(<BasketPage />, { path: '/basket' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Product a from the basket' }));
    expect(useBasketStore.getState().has('a')).toBe(false);
    expect(screen.getByRole('button', { name: /^Offer for €8\.00$/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Product b from the basket' }));
    expect(screen.getByText('Your basket is empty')).toBeInTheDocument();
  });

  it('never links a product to a non-http URL', async () => {
    useBasketStore.getState().add(sampleProduct('x', 100, { url: 'javascript:alert(1)', name: '<b>x</b>' }));
    await renderPage(<BasketPage />, { path: '/basket' });
    expect(screen.queryByRole('link', { name: '<b>x</b>' })).not.toBeInTheDocument();
    expect(screen.getByText('<b>x</b>')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    useBasketStore.getState().add(sampleProduct('a', 1250));
    await renderPage(<BasketPage />, { path: '/basket', lang: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Produits à offrir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Offrir pour 12,50\s€$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Ajouter d’autres produits" })).toBeInTheDocument();
  });

  it('shows the note and most wanted mark, and a stepper bounded by the units left (keyboard and axe)', async () => {
    useBasketStore.getState().add(sampleProduct('a', 1000, { quantity: 4, offeredQuantity: 2, note: 'Size M <b>blue</b>', mostWanted: true }));
    useBasketStore.getState().add(sampleProduct('b', 500));
    const { container } = await renderPage(<BasketPage />, { path: '/basket' });
    expect(screen.getByText('Owner\'s note: Size M <b>blue</b>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/Most wanted/)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'How many of Product a' });
    const more = within(group).getByRole('button', { name: 'One more: Product a' });
    const fewer = within(group).getByRole('button', { name: 'One fewer: Product a' });
    expect(fewer).toBeDisabled();
    expect(within(group).getByText('2 still wished')).toBeInTheDocument();
    fireEvent.click(more);
    expect(more).toBeDisabled();
    expect(within(group).getByRole('status')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: /Offer for €25\.00/ })).toBeInTheDocument();
    // One unit wished: no stepper.
    expect(screen.queryByRole('group', { name: 'How many of Product b' })).not.toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
