// SPEC §1: the affiliate-tracking script is added on launch unless deactivated. The gateway decides
// (VITE_DEACTIVATE_AFFILIATION / AFFILIATE_SCRIPT_URL) and hands the URL, or null, in /remotes.json.
export const AFFILIATE_SCRIPT_ID = 'wishlist-affiliation';

export function injectAffiliateScript(scriptUrl: string | null | undefined, doc: Document = document): HTMLScriptElement | null {
  if (!scriptUrl) return null;
  const existing = doc.getElementById(AFFILIATE_SCRIPT_ID);
  if (existing) return existing as HTMLScriptElement;
  const script = doc.createElement('script');
  script.id = AFFILIATE_SCRIPT_ID;
  script.async = true;
  script.src = scriptUrl;
  doc.head.appendChild(script);
  return script;
}
