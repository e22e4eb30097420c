import { screen } from '@testing-library/react';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import NotFoundPage from './NotFoundPage';

describe('NotFoundPage', () => {
  it('renders in English with links to the lists and home', async () => {
    const { container } = await renderPage(<NotFoundPage />, { lang: 'en', path: '/not-found' });
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my lists' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('renders in French', async () => {
    const { container } = await renderPage(<NotFoundPage />, { lang: 'fr', path: '/not-found' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cette page est introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes listes' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Aller à l’accueil' })).toHaveAttribute('href', '/fr');
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });
});
