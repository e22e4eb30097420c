import { extractMetadata, parseJsonLd } from './metadata';

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ld = (data: unknown) => `<script type="application/ld+json">${typeof data === 'string' ? data : JSON.stringify(data)}</script>`;
const URL_ = 'https://shop.example.com/p/teapot';

describe('extractMetadata: title', () => {
  it('prefers the heading that the page title repeats (no shop name, no promo)', () => {
    const html = page('<title>-20% on Blue Teapot 1 L - Buy online | Little Shop</title>', '<h1><span>Blue Teapot 1 L</span> <small>New</small></h1>');
    expect(extractMetadata(html, URL_).title).toBe('Blue Teapot 1 L');
  });

  it('else the schema.org Product name, then og:title, then <title> without the site name', () => {
    expect(extractMetadata(page(`<title>x</title>${ld({ '@type': 'Product', name: 'Teapot &amp; cup' })}`), URL_).title).toBe('Teapot & cup');
    expect(extractMetadata(page('<meta property="og:title" content="  Green   Mug "><title>t</title>'), URL_).title).toBe('Green Mug');
    const titled = page('<meta property="og:site_name" content="Little Shop"><title>Red Kettle | Little Shop</title>');
    expect(extractMetadata(titled, URL_).title).toBe('Red Kettle');
    expect(extractMetadata(page(''), URL_).title).toBeNull();
  });
});

describe('extractMetadata: JSON-LD', () => {
  it('reads every block, @graph, @type arrays, offers arrays and AggregateOffer', () => {
    const html = page(
      ld({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Shop' }) +
        ld({
          '@graph': [
            { '@type': 'BreadcrumbList', itemListElement: [] },
            { '@type': ['Product', 'Thing'], name: 'Lamp', image: [{ '@type': 'ImageObject', url: '/i/lamp.jpg' }, '/i/lamp-2.jpg'], offers: [{ '@type': 'AggregateOffer', lowPrice: '19.5', priceCurrency: 'gbp' }] },
          ],
        }),
    );
    expect(extractMetadata(html, URL_)).toMatchObject({
      title: 'Lamp',
      images: ['https://shop.example.com/i/lamp.jpg', 'https://shop.example.com/i/lamp-2.jpg'],
      price: 1950,
      currency: 'GBP',
    });
  });

  it('takes the page product before related ones, and a priceSpecification', () => {
    const html = page(
      ld({
        '@type': 'WebPage',
        mainEntity: { '@type': 'http://schema.org/Product', name: 'Chair', offers: { '@type': 'Offer', priceSpecification: [{ priceType: 'https://schema.org/ListPrice', price: 120 }, { price: '99,90', priceCurrency: 'EUR' }] } },
        relatedLink: { '@type': 'ItemList', itemListElement: [{ '@type': 'Product', name: 'Other', offers: { price: 1 } }] },
      }),
    );
    expect(extractMetadata(html, URL_)).toMatchObject({ title: 'Chair', price: 9990, currency: 'EUR' });
  });

  it('tolerates broken JSON (comments, raw newlines, trailing commas) and ignores garbage', () => {
    expect(parseJsonLd('/* hi */ {"@type":"Product","name":"A\nB",}')).toEqual({ '@type': 'Product', name: 'A B' });
    const html = page(ld('{ not json') + ld({ '@type': 'Product', name: 'Vase', offers: { price: '12.00', priceCurrency: 'EUR' } }));
    expect(extractMetadata(html, URL_)).toMatchObject({ title: 'Vase', price: 1200 });
  });
});

describe('extractMetadata: microdata and meta prices', () => {
  it('reads microdata (content attribute or text) inside the Product scope', () => {
    const html = page('', `<div itemscope itemtype="https://schema.org/Product"><h2 itemprop="name">Rug</h2>
      <img itemprop="image" src="/rug.jpg"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
      <span itemprop="price" content="1299.00">1 299,00 €</span><meta itemprop="priceCurrency" content="EUR"></div></div>`);
    expect(extractMetadata(html, URL_)).toMatchObject({ title: 'Rug', price: 129900, currency: 'EUR', images: ['https://shop.example.com/rug.jpg'] });
  });

  it('prefers the product:price sharing tags (the price paid) over a JSON-LD list price', () => {
    const html = page(`<meta property="product:price:amount" content="120.00"><meta property="product:price:currency" content="USD">${ld({ '@type': 'Product', name: 'Sconce', offers: { price: '150.00', priceCurrency: 'USD' } })}`);
    expect(extractMetadata(html, URL_)).toMatchObject({ price: 12000, currency: 'USD' });
  });

  it('falls back to a visible price only on a product page', () => {
    const body = '<span id="product-price">54,00 €</span><span class="old-price">60,00 €</span>';
    expect(extractMetadata(page('<meta property="og:type" content="product">', body), URL_)).toMatchObject({ price: 5400, currency: 'EUR' });
    expect(extractMetadata(page('', body), URL_)).toMatchObject({ price: null, currency: null });
  });

  it('finds no price on a bot check page', () => {
    const html = page('<title>Robot check</title>', '<form action="/errors/validateCaptcha"><img src="/captcha/abc.jpg"><input name="field-keywords"></form>');
    expect(extractMetadata(html, URL_)).toMatchObject({ price: null, currency: null });
  });
});

describe('extractMetadata: images', () => {
  it('resolves through <base href>, dedupes, keeps http(s) only, skips pixels and icons, takes the largest srcset', () => {
    const html = page(
      '<base href="https://cdn.example.net/assets/"><meta property="og:image" content="big.jpg"><meta name="twitter:image" content="//cdn.example.net/assets/big.jpg">',
      `<img src="big.jpg"><img src="data:image/gif;base64,R0lGOD"><img src="javascript:alert(1)"><img src="/px.gif" width="1" height="1">
       <img src="icons/cart.svg"><img data-src="lazy.jpg" src="placeholder.gif"><img srcset="s.jpg 300w, l.jpg 1200w, m.jpg 600w">
       <picture><source srcset="p-1x.webp 1x, p-2x.webp 2x"><img src="p.jpg"></picture>`,
    );
    expect(extractMetadata(html, 'http://shop.example.com/x').images).toEqual([
      'https://cdn.example.net/assets/big.jpg',
      'https://cdn.example.net/assets/lazy.jpg',
      'https://cdn.example.net/assets/l.jpg',
      'https://cdn.example.net/assets/p-2x.webp',
      'https://cdn.example.net/assets/p.jpg',
    ]);
  });

  it('caps the candidates at 30', () => {
    const imgs = Array.from({ length: 50 }, (_, i) => `<img src="/i/${i}.jpg">`).join('');
    expect(extractMetadata(page('', imgs), URL_).images).toHaveLength(30);
  });

  it('returns data only: scripts are not run and markup in values stays text', () => {
    const html = page(`<title>&lt;img src=x onerror=alert(1)&gt;</title><script>globalThis.ran = true</script>`);
    expect(extractMetadata(html, URL_).title).toBe('<img src=x onerror=alert(1)>');
    expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
  });

  it('site name from og:site_name', () => {
    expect(extractMetadata(page('<meta property="og:site_name" content="Little Shop">'), URL_).siteName).toBe('Little Shop');
    expect(extractMetadata(page(''), URL_).siteName).toBeNull();
  });
});

describe('extractMetadata: image ranking', () => {
  const images = (head: string, body: string) => extractMetadata(page(head, body), URL_).images;

  it('treats one picture at several sizes as one candidate, given at its largest size', () => {
    expect(
      images(
        '<meta property="og:image" content="https://cdn.example.net/p/teapot_600x600.jpg?v=3">',
        `<img src="https://cdn.example.net/p/teapot_small.jpg?v=3"><img src="https://cdn.example.net/p/teapot_1024x1024.jpg?v=3">
         <img src="https://img.example.net/i/cup._AC_SX300_.jpg"><img src="https://img.example.net/i/cup._SL1500_.jpg">
         <img src="https://scene.example.net/is/image/pot?wid=300&hei=300"><img src="https://scene.example.net/is/image/pot?wid=900&hei=900&fmt=jpg">
         <img src="https://wp.example.net/up/bowl-300x200.jpg"><img src="https://wp.example.net/up/bowl-1200x800.jpg">`,
      ),
    ).toEqual([
      'https://cdn.example.net/p/teapot_1024x1024.jpg?v=3',
      'https://img.example.net/i/cup._SL1500_.jpg',
      'https://scene.example.net/is/image/pot?wid=900&hei=900&fmt=jpg',
      'https://wp.example.net/up/bowl-1200x800.jpg',
    ]);
  });

  it('takes the largest srcset width and the largest data-a-dynamic-image entry; a hi-res attribute without a size is the original', () => {
    expect(images('', '<img srcset="/a-s.jpg 300w, /a-l.jpg 1600w" src="/a-s.jpg">')).toEqual(['https://shop.example.com/a-l.jpg', 'https://shop.example.com/a-s.jpg']);
    const dynamic = `{&quot;https://img.example.net/i/k._SY300_.jpg&quot;:[300,300],&quot;https://img.example.net/i/k._SY900_.jpg&quot;:[900,900]}`;
    expect(images('', `<img src="https://img.example.net/i/k._SY300_.jpg" data-a-dynamic-image="${dynamic}">`)).toEqual(['https://img.example.net/i/k._SY900_.jpg']);
    expect(
      images('<meta property="og:image" content="https://img.example.net/hero/bag.jpg">', '<img src="https://img.example.net/hero/bag.jpg?wid=1200"><img src="/t.jpg" data-zoom-image="https://img.example.net/hero/bag.jpg">')[0],
    ).toBe('https://img.example.net/hero/bag.jpg');
  });

  it('keeps the schema.org Product image, then og:image, ahead of every <img>', () => {
    const body = '<div class="product-gallery"><img src="/g.jpg" alt="Blue Teapot" data-old-hires="/g-big.jpg"></div>';
    expect(images(`<title>Blue Teapot</title><meta property="og:image" content="/og.jpg">${ld({ '@type': 'Product', name: 'Blue Teapot', image: '/ld.jpg' })}`, body).slice(0, 3)).toEqual([
      'https://shop.example.com/ld.jpg',
      'https://shop.example.com/og.jpg',
      'https://shop.example.com/g-big.jpg',
    ]);
  });

  it('ranks an <img> whose alt or title is the product title above the page images before it', () => {
    expect(images('<title>Blue Teapot 1 L | Little Shop</title>', '<h1>Blue Teapot 1 L</h1><img src="/banner.jpg" alt="Summer sale"><img src="/teapot.jpg" title="Blue Teapot 1 L">')[0]).toBe(
      'https://shop.example.com/teapot.jpg',
    );
  });

  it('ranks the main gallery and hi-res <img>s above others, and related products / navigation / promotions below', () => {
    expect(images('', '<img src="/promo.jpg"><div id="main-image-container"><img src="/main.jpg"></div>')[0]).toBe('https://shop.example.com/main.jpg');
    expect(images('', '<img src="/promo.jpg"><img src="/landing.jpg" data-old-hires="/landing-big.jpg">')[0]).toBe('https://shop.example.com/landing-big.jpg');
    expect(images('', '<div class="related-products"><img src="/other.jpg"></div><nav><img src="/menu.jpg"></nav><img src="/plain.jpg">')).toEqual([
      'https://shop.example.com/plain.jpg',
      'https://shop.example.com/other.jpg',
      'https://shop.example.com/menu.jpg',
    ]);
  });

  it('drops logos, icons, sprites, buttons, tracking pixels, .svg and tiny pictures (declared or named by the URL)', () => {
    expect(
      images(
        '',
        `<img class="site-logo" src="/brand.png"><img id="close-btn" src="/x.png"><img src="/img/sprite.png"><img src="/a/pixel.gif">
         <img src="/shape.svg"><img src="/s.jpg" width="40"><img src="https://scene.example.net/sw?wid=12&hei=12"><img src="/ok.jpg">`,
      ),
    ).toEqual(['https://shop.example.com/ok.jpg']);
  });
});
