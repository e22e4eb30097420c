import { act } from '@testing-library/react';
import { list } from '../test/api';
import { renderPage } from '../test/render';
import { swipers } from '../test/swiperStub';
import { useListsStore } from '../state/listsStore';
import SwiperSlider from './SwiperSlider';

beforeEach(() => useListsStore.getState().reset());

describe('the slider of several lists', () => {
  it('stops swipes while a product is movable, without drawing its slides again', async () => {
    const renderSlide = jest.fn((l: { name: string }) => <p>{l.name}</p>);
    await renderPage(<SwiperSlider lists={[list('L1', 'Birthday', []), list('L2', 'Wedding', [])]} activeIndex={0} onActiveChange={() => undefined} renderSlide={renderSlide} />);
    const swiper = swipers[swipers.length - 1];
    expect(swiper.allowTouchMove).toBe(true);
    const drawn = renderSlide.mock.calls.length;

    act(() => useListsStore.getState().setMovable(true));
    expect(swiper.allowTouchMove).toBe(false);
    act(() => useListsStore.getState().setMovable(false));
    expect(swiper.allowTouchMove).toBe(true);
    expect(renderSlide).toHaveBeenCalledTimes(drawn);
  });

  it('starts with swipes stopped when a product is movable already', async () => {
    useListsStore.getState().setMovable(true);
    await renderPage(<SwiperSlider lists={[list('L1', 'Birthday', []), list('L2', 'Wedding', [])]} activeIndex={0} onActiveChange={() => undefined} renderSlide={() => null} />);
    expect(swipers[swipers.length - 1].allowTouchMove).toBe(false);
  });
});
