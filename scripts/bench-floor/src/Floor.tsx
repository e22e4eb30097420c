// The floor's page: the least a React page can do to show the shared list's cards. The same cards
// as the product's: its markup and stylesheet, the same picture URLs, sizes and loading priorities,
// the same price format. Everything else the product does (routing, translations, federation,
// header, actions, basket) is left out: what remains is what any page showing these cards pays.
import { pictureSources } from '../../../shared/contracts/src/images';
import { formatPrice } from '../../../shared/contracts/src/format';

export interface Product {
  id?: string;
  name?: string | null;
  price: number | null;
  image?: string | null;
  picture?: string;
  url: string;
}
export interface List {
  name: string;
  products: Product[];
}

/** The product card's widest picture (CSS px) and its `sizes` (remote-lists ProductCard). */
const CARD_CSS_WIDTH = 480;
const CARD_SIZES = '(min-width: 1280px) 400px, 50vw';
/** The cards whose pictures load first (remote-lists ProductGrid). */
const PRIORITY_CARDS = 4;

function Card({ product, priority }: { product: Product; priority: boolean }) {
  const own = product.picture ? pictureSources(product.picture, CARD_CSS_WIDTH) : null;
  const name = product.name?.trim() ?? '';
  return (
    <li className="lists-card">
      <div className="lists-card__select">
        <span className="lists-card__media">
          <img
            src={own?.src ?? product.image ?? ''}
            srcSet={own?.srcSet}
            sizes={own ? CARD_SIZES : undefined}
            alt=""
            width={CARD_CSS_WIDTH}
            height={CARD_CSS_WIDTH}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            referrerPolicy="no-referrer"
          />
        </span>
        <span className="lists-card__body">
          <span className="lists-card__name" title={name}>
            {name}
          </span>
          <span className="lists-card__meta">
            <span className="lists-card__price">{formatPrice(product.price, 'en')}</span>
          </span>
        </span>
      </div>
    </li>
  );
}

export function Floor({ list }: { list: List }) {
  return (
    <main>
      <h1>{list.name}</h1>
      <ul className="lists-grid">
        {list.products.map((p, i) => (
          <Card key={p.id ?? p.url} product={p} priority={i < PRIORITY_CARDS} />
        ))}
      </ul>
    </main>
  );
}
