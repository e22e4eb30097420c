import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import type { ProductList } from '@wishlist/contracts';
import type { Product } from '@wishlist/contracts';
import { list, product } from '../test/api';
import { renderPage } from '../test/render';
import { ProductGrid } from './ProductGrid';

// Counts the pictures drawn: a card's content (picture, name, price) renders only when its product does.
const drawn: string[] = [];
jest.mock('@wishlist/ui', () => {
  const actual = jest.requireActual('@wishlist/ui');
  return {
    ...actual,
    ProductPicture: (props: { image?: string }) => {
      drawn.push(String(props.image));
      return <img alt="" src={props.image} />;
    },
  };
});

// Counts the drag handles drawn: a card's handle renders only when the card itself does.
let handles = 0;
jest.mock('./Icons', () => {
  const actual = jest.requireActual('./Icons');
  return {
    ...actual,
    GripIcon: () => {
      handles++;
      return actual.GripIcon();
    },
  };
});

const onSelect = () => undefined;
const onReorder = () => undefined;

// The grid inside the test page, shown again with new props from the test.
let show: (props: { list: ProductList; selected: string | null }) => void = () => undefined;
function Harness({ initial }: { initial: ProductList }) {
  const [props, setProps] = useState({ list: initial, selected: null as string | null });
  show = setProps;
  return <ProductGrid list={props.list} selectedProductId={props.selected} onSelectProduct={onSelect} onReorder={props.list.isOwner ? onReorder : undefined} />;
}

describe('ProductGrid (memoized cards)', () => {
  it('redraws only the cards whose product or selection changed when the grid renders again', async () => {
    const products = Array.from({ length: 8 }, (_, i) => product(`P${i + 1}`, { name: `Gift ${i + 1}` }));
    const first = list('L1', 'Birthday', products, false);
    await renderPage(<Harness initial={first} />);
    expect(drawn).toHaveLength(8);
    drawn.length = 0;
    // A new list object (as after a store update elsewhere) with the same products: nothing redrawn.
    await act(async () => show({ list: { ...first, products: [...first.products] }, selected: null }));
    expect(drawn).toHaveLength(0);
    // One product changed: its card alone is redrawn; a selection redraws no picture.
    const changed: Product[] = first.products.map((p) => (p.id === 'P3' ? { ...p, name: 'Renamed' } : p));
    await act(async () => show({ list: { ...first, products: changed }, selected: 'P5' }));
    expect(drawn).toEqual([first.products[2].image]);
    expect(screen.getByRole('button', { name: /^Gift 5/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it("redraws no card of the owner's sortable grid when the grid renders again with the same products", async () => {
    const products = Array.from({ length: 6 }, (_, i) => product(`P${i + 1}`, { name: `Gift ${i + 1}` }));
    const mine = list('L1', 'Birthday', products, true);
    await renderPage(<Harness initial={mine} />);
    expect(await screen.findAllByRole('button', { name: /^Move / })).toHaveLength(6);
    // dnd-kit's own start-up renders (registering the cards) are over.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    handles = 0;
    drawn.length = 0;
    await act(async () => show({ list: { ...mine }, selected: null }));
    expect(handles).toBe(0);
    expect(drawn).toHaveLength(0);
  });
});

describe('ProductGrid of a list read in part', () => {
  it('holds the places of the products not read yet, counts the whole list, and drops the placeholders once they arrive', async () => {
    const all = Array.from({ length: 40 }, (_, i) => product(`P${i + 1}`, { name: `Gift ${i + 1}` }));
    let complete: () => void = () => undefined;
    function Partial() {
      const [whole, setWhole] = useState(false);
      complete = () => setWhole(true);
      const shown = list('L1', 'Birthday', whole ? all : all.slice(0, 3), false);
      return <ProductGrid list={shown} selectedProductId={null} onSelectProduct={onSelect} count={whole ? undefined : 40} />;
    }
    const { container } = await renderPage(<Partial />);
    const grid = container.querySelector('ul.lists-grid')!;
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(grid).toHaveAttribute('aria-label', expect.stringContaining('40'));
    const cards = grid.querySelectorAll('li[data-product-key]');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveAttribute('aria-setsize', '40');
    const placeholders = grid.querySelectorAll('li.lists-card--placeholder');
    expect(placeholders.length).toBeGreaterThan(0);
    for (const p of placeholders) {
      expect(p).toHaveAttribute('aria-hidden', 'true');
      expect(p.querySelector('button, a, [tabindex]')).toBeNull();
    }
    // A row starting with a placeholder is measured like a card's row.
    expect(grid.querySelector('li.lists-card--placeholder[data-row]')).not.toBeNull();
    await act(async () => complete());
    expect(grid).not.toHaveAttribute('aria-busy');
    expect(grid.querySelectorAll('li.lists-card--placeholder')).toHaveLength(0);
    expect(grid.querySelectorAll('li[data-product-key]').length).toBe(placeholders.length + 3);
  });
});

describe('ProductGrid of a slide beside the one on screen', () => {
  it('draws a slide beside the one on screen as a window of its rows, and every card once it is on screen', async () => {
    const twelve = list('L2', 'Wedding', Array.from({ length: 12 }, (_, i) => product(`W${i + 1}`, { name: `Gift ${i + 1}` })), true);
    let bringOnScreen: () => void = () => undefined;
    function Slide() {
      const [offscreen, setOffscreen] = useState(true);
      bringOnScreen = () => setOffscreen(false);
      return <ProductGrid list={twelve} selectedProductId={null} onSelectProduct={onSelect} offscreen={offscreen} />;
    }
    const { container } = await renderPage(<Slide />);
    const grid = container.querySelector('ul.lists-grid')!;
    const beside = grid.querySelectorAll('li[data-product-key]');
    // The first rows, in the list's order: what a swipe from the page's top shows.
    expect(beside.length).toBeGreaterThan(0);
    expect(beside.length).toBeLessThan(12);
    expect([...beside].map((c) => c.getAttribute('data-product-key'))).toEqual(twelve.products.slice(0, beside.length).map((p) => p.id));
    await act(async () => bringOnScreen());
    // A short list on screen shows every card (the browser's find sees them all).
    expect(grid.querySelectorAll('li[data-product-key]')).toHaveLength(12);
    expect(grid).not.toHaveAttribute('aria-label');
  });
});
