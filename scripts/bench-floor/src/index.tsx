// The floor: the least a React page can do to show the shared list's cards. It gets the list as the
// product's /see page does (one call to the API, after the script has started), and draws the same
// cards: the product's markup and stylesheet, the same picture URLs, sizes and loading priorities,
// the same price format. Everything else the product does (routing, translations, federation,
// header, actions, basket) is left out: what remains is what any page showing these cards pays.
import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';
import { pictureSources } from '../../../shared/contracts/src/images';
import { formatPrice } from '../../../shared/contracts/src/format';
import '../../../remote-lists/src/styles/lists.css';
import './floor.css';

interface Product {
  id?: string;
  name?: string | null;
  price: number | null;
  image?: string | null;
  picture?: string;
  url: string;
}
interface List {
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
            <span className="lists-card__price">{formatPrice(product.price, 'condensed')}</span>
          </span>
        </span>
      </div>
    </li>
  );
}

function Floor({ listId }: { listId: string }) {
  const [list, setList] = useState<List | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    fetch(`/api/product-lists/${encodeURIComponent(listId)}`, { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        setList(((await res.json()) as { data: List }).data);
      })
      .catch((e: unknown) => setFailure(String(e)));
  }, [listId]);
  if (failure) return <p role="alert">{failure}</p>;
  if (!list) return null;
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

// The page is served at /floor/{listId}.
const listId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
createRoot(document.getElementById('root')!).render(<Floor listId={listId} />);
