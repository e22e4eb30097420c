import { screen, within } from '@testing-library/react';
import { en, fr } from '../locales';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import AndroidHowToPage from './AndroidHowToPage';

describe('AndroidHowToPage', () => {
  afterEach(() => {
    delete window.__WISHLIST_NATIVE__;
  });

  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)('renders in %s with the install part and five illustrated steps', async (lang, texts) => {
    const { container } = await renderPage(<AndroidHowToPage />, { lang, path: '/how-to-use-android-app' });
    expect(screen.getByRole('heading', { level: 1, name: texts.android.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: texts.android.install.title })).toBeInTheDocument();
    const steps = screen.getByRole('heading', { level: 2, name: texts.android.stepsTitle }).closest('section')!;
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    items.forEach((item, i) => {
      const step = texts.android.steps[i];
      expect(within(item).getByRole('heading', { level: 3 })).toHaveTextContent(step.title);
      expect(within(item).getByRole('img', { name: step.alt })).toBeInTheDocument();
      expect(item.querySelector('figure figcaption')).not.toBeNull();
    });
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it.each([
    ['en', en, /Chrome/, /Install app/],
    ['fr', fr, /Chrome/, /Installer l’application/],
  ] as const)('in %s, explains installing from Chrome step by step', async (lang, texts, browser, menuItem) => {
    window.__WISHLIST_NATIVE__ = false;
    await renderPage(<AndroidHowToPage />, { lang, path: '/how-to-use-android-app' });
    const install = screen.getByTestId('android-install');
    const steps = within(install).getAllByRole('listitem');
    expect(steps).toHaveLength(texts.android.install.steps.length);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps[0]).toHaveTextContent(browser);
    expect(steps[1]).toHaveTextContent(menuItem);
    expect(within(install).getByRole('heading', { level: 2 })).toHaveTextContent(browser);
  });

  it('hides the install part inside the native shell', async () => {
    window.__WISHLIST_NATIVE__ = true;
    await renderPage(<AndroidHowToPage />, { lang: 'en' });
    expect(screen.queryByTestId('android-install')).toBeNull();
    expect(screen.queryByRole('heading', { name: en.android.install.title })).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(5);
  });

  it('shows the install part in a browser', async () => {
    window.__WISHLIST_NATIVE__ = false;
    await renderPage(<AndroidHowToPage />, { lang: 'en' });
    expect(screen.getByTestId('android-install')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: en.android.install.alt })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(6);
  });
});
