import { screen } from '@testing-library/react';
import { ProductGrid } from '../components/ProductGrid';
import { list, product } from '../test/api';
import { renderPage } from '../test/render';
import { asVisitorsSee } from './visitorView';

describe('private products on the list screens', () => {
  it("the owner's preview of what visitors see leaves private products out", () => {
    const owner = list('L1', 'Birthday', [product('P1', { name: 'Shown' }), product('P2', { name: 'Secret', hidden: true })], true);
    const seen = asVisitorsSee(owner);
    expect(seen.isOwner).toBe(false);
    expect(seen.products.map((p) => p.name)).toEqual(['Shown']);
  });

  it("the owner's card says Private (in French too); other cards do not", async () => {
    const products = [product('P1', { name: 'Shown' }), product('P2', { name: 'Secret', hidden: true })];
    await renderPage(<ProductGrid list={list('L1', 'Birthday', products, true)} selectedProductId={null} onSelectProduct={() => undefined} />, { lang: 'fr' });
    expect(screen.getByRole('button', { name: /^Secret/ })).toHaveTextContent('Privé');
    expect(screen.getByRole('button', { name: /^Shown/ })).not.toHaveTextContent('Privé');
  });
});
