// SPEC §7 external share links, as plain URLs opened in a new tab (no third-party SDK: the CSP
// forbids their scripts). The share link is {host}/see/{id} (SPEC §9).

export function shareLink(listId: string, origin = typeof location !== 'undefined' ? location.origin : ''): string {
  return `${origin}/see/${encodeURIComponent(listId)}`;
}

export interface ShareTexts {
  /** E-mail subject: contains the list name. */
  subject: string;
  /** E-mail body: contains the list name and the link. */
  body: string;
  /** Messaging text: contains the list name and the link. */
  text: string;
  /** Microblog text (the link is passed separately). */
  short: string;
}

const enc = encodeURIComponent;

export function shareUrls(link: string, texts: ShareTexts) {
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${enc(link)}`,
    whatsapp: `https://wa.me/?text=${enc(texts.text)}`,
    twitter: `https://twitter.com/intent/tweet?text=${enc(texts.short)}&url=${enc(link)}`,
    email: `mailto:?subject=${enc(texts.subject)}&body=${enc(texts.body)}`,
  };
}
