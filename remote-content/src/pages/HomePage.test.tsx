import { act, screen, within } from '@testing-library/react';
import { ROTATION_MS } from '../components/RotatingHeadline';
import { en, fr } from '../locales';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import HomePage from './HomePage';

const activeWord = (container: HTMLElement) => container.querySelector('[data-active="true"]')?.textContent;

describe('HomePage', () => {
  afterEach(() => jest.useRealTimers());

  it('renders in English with the start button, the three steps and the extension promotion', async () => {
    const { container } = await renderPage(<HomePage />, { lang: 'en', path: '/en' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName(en.home.headline.accessible);
    expect(screen.getByRole('link', { name: 'Start my wish list' })).toHaveAttribute('href', '/');
    const steps = screen.getByRole('heading', { level: 2, name: en.home.stepsTitle }).closest('section')!;
    expect(within(steps).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Register',
      'Add products',
      'Share',
    ]);
    expect(within(steps).getAllByRole('img')).toHaveLength(3);
    expect(screen.getByRole('link', { name: en.home.extension.cta })).toHaveAttribute('href', '/en/how-to-use-extension');
    expect(screen.getByRole('link', { name: en.home.android.cta })).toHaveAttribute('href', '/how-to-use-android-app');
    expect(screen.getByRole('link', { name: en.common.links.android })).toHaveAttribute('href', '/how-to-use-android-app');
    expect(document.title).toBe(`${en.home.documentTitle} · Wishlist`);
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('renders in French with French links', async () => {
    const { container } = await renderPage(<HomePage />, { lang: 'fr', path: '/fr' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName(fr.home.headline.accessible);
    expect(screen.getByRole('link', { name: 'Créer ma liste' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 3, name: 'Ajoutez des produits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: fr.home.extension.cta })).toHaveAttribute('href', '/fr/comment-utiliser-l-extension');
    expect(screen.getByRole('link', { name: fr.common.links.share })).toHaveAttribute('href', '/fr/comment-partager-sa-liste');
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('rotates the headline through the six occasions, and the rotating word is hidden from screen readers', async () => {
    jest.useFakeTimers();
    const { container } = await renderPage(<HomePage />, { lang: 'en', path: '/en' });
    const seen = [activeWord(container)];
    for (let i = 0; i < 6; i++) {
      act(() => jest.advanceTimersByTime(ROTATION_MS));
      seen.push(activeWord(container));
    }
    expect(seen).toEqual([...en.home.headline.occasions, en.home.headline.occasions[0]]);
    expect(container.querySelector('[data-active="true"]')!.closest('[aria-hidden="true"]')).not.toBeNull();
    // The accessible name does not change while the word rotates.
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName(en.home.headline.accessible);
  });

  it('rotates the French occasions too', async () => {
    jest.useFakeTimers();
    const { container } = await renderPage(<HomePage />, { lang: 'fr', path: '/fr' });
    const seen = [activeWord(container)];
    for (let i = 0; i < 5; i++) {
      act(() => jest.advanceTimersByTime(ROTATION_MS));
      seen.push(activeWord(container));
    }
    expect(seen).toEqual(fr.home.headline.occasions);
  });

  it('lets the visitor pause and resume the rotation', async () => {
    jest.useFakeTimers();
    const { container } = await renderPage(<HomePage />, { lang: 'en', path: '/en' });
    act(() => screen.getByRole('button', { name: en.home.headline.pause }).click());
    act(() => jest.advanceTimersByTime(ROTATION_MS * 3));
    expect(activeWord(container)).toBe(en.home.headline.occasions[0]);
    act(() => screen.getByRole('button', { name: en.home.headline.play }).click());
    act(() => jest.advanceTimersByTime(ROTATION_MS));
    expect(activeWord(container)).toBe(en.home.headline.occasions[1]);
  });
});
