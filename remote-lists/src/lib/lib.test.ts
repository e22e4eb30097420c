import { shareLink, shareUrls } from './share';

describe('share links', () => {
  it('builds {host}/see/{id} and the four share URLs', () => {
    const link = shareLink('L 1', 'https://wishlist.example');
    expect(link).toBe('https://wishlist.example/see/L%201');
    const urls = shareUrls(link, { subject: 'S', body: `B ${link}`, text: `T ${link}`, short: 'Short' });
    expect(urls.email).toBe(`mailto:?subject=S&body=${encodeURIComponent(`B ${link}`)}`);
    expect(urls.whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(`T ${link}`)}`);
  });
});
