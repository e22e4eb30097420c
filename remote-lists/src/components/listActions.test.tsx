import { fireEvent, screen } from '@testing-library/react';
import { seriousViolations } from '../test/axe';
import { renderPage } from '../test/render';
import { cardIndexAfterKey } from './ProductGrid';
import { wrapTarget, SWIPE_THRESHOLD_PX } from './sliderModel';
import { MoreMenu } from './MoreMenu';

describe('cardIndexAfterKey (roving focus between cards)', () => {
  it('moves by one sideways, by a row up and down, to the ends with Home and End, and stops at the edges', () => {
    expect(cardIndexAfterKey('ArrowRight', 0, 5, 2)).toBe(1);
    expect(cardIndexAfterKey('ArrowLeft', 0, 5, 2)).toBe(0);
    expect(cardIndexAfterKey('ArrowDown', 1, 5, 2)).toBe(3);
    expect(cardIndexAfterKey('ArrowDown', 3, 5, 2)).toBe(3);
    expect(cardIndexAfterKey('ArrowUp', 4, 5, 2)).toBe(2);
    expect(cardIndexAfterKey('End', 1, 5, 3)).toBe(4);
    expect(cardIndexAfterKey('Home', 4, 5, 3)).toBe(0);
    expect(cardIndexAfterKey('Enter', 2, 5, 3)).toBe(2);
  });
});

describe('wrapTarget (swipes past an end of the slider)', () => {
  const swipe = (diff: number, at: 'start' | 'end' | 'middle', isMoved = true) => ({
    isBeginning: at === 'start',
    isEnd: at === 'end',
    swipeDirection: diff < 0 ? ('next' as const) : ('prev' as const),
    touches: { diff } as never,
    touchEventsData: { isMoved } as never,
  });
  it('goes round at both ends, only past the 20 px threshold and for a real move', () => {
    expect(wrapTarget(swipe(-80, 'end'), 3)).toBe(0);
    expect(wrapTarget(swipe(80, 'start'), 3)).toBe(2);
    expect(wrapTarget(swipe(-(SWIPE_THRESHOLD_PX - 1), 'end'), 3)).toBeNull();
    expect(wrapTarget(swipe(-80, 'end', false), 3)).toBeNull();
    expect(wrapTarget(swipe(-80, 'middle'), 3)).toBeNull();
    expect(wrapTarget(swipe(80, 'end'), 3)).toBeNull();
    expect(wrapTarget(swipe(-80, 'end'), 1)).toBeNull();
  });
});

describe('MoreMenu', () => {
  const onRemove = jest.fn();
  const actions = [
    { key: 'share', label: 'Share', icon: null, to: '/share-product-list/L1' },
    { key: 'open', label: 'Open page', icon: null, disabled: true },
    { key: 'remove', label: 'Remove', icon: null, onClick: onRemove },
  ];

  it('is a menu button: opens on the first item, arrows move, Escape closes and gives focus back', async () => {
    const { container } = await renderPage(<MoreMenu actions={actions} />);
    const button = screen.getByRole('button', { name: 'More' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Share', 'Open page', 'Remove']);
    expect(items[0]).toHaveFocus();
    expect(items[1]).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(items[0], { key: 'ArrowUp' });
    expect(items[2]).toHaveFocus();
    fireEvent.keyDown(items[2], { key: 'ArrowDown' });
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0], { key: 'End' });
    expect(items[2]).toHaveFocus();
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.keyDown(items[2], { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('runs an item and closes; a disabled item does nothing; ArrowUp on the button opens on the last item', async () => {
    await renderPage(<MoreMenu actions={actions} />);
    const button = screen.getByRole('button', { name: 'More' });
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Open page' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
