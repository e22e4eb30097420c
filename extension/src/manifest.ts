// The one Manifest V3 for Chrome and Firefox. Chrome 121+ reads `background.service_worker` and
// ignores `background.scripts`; Firefox 121+ does the reverse, and needs its add-on id in
// `browser_specific_settings.gecko`. Least privilege: `activeTab` + `scripting` read a page only
// when the person clicks (toolbar button, menu, shortcut); the only host reached without a click
// is our own server, for `/api`.

export interface ManifestOptions {
  version: string;
  /** Origin of the Wishlist server the extension talks to (build-time default, options page later). */
  serverUrl: string;
  /** Firefox add-on id (an e-mail-like id of the publisher). */
  geckoId: string;
  /**
   * Extra host permissions, for automated tests only: a headless browser cannot click the toolbar
   * button, so the test build is allowed to read its local shop without `activeTab`.
   */
  extraHostPermissions?: string[];
}

/** `https://host:port/*` for an http(s) URL; throws on anything else. */
export function originPattern(url: string): string {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`not an http(s) URL: ${url}`);
  return `${u.origin}/*`;
}

export const ICON_SIZES = [16, 32, 48, 128] as const;

export function createManifest({ version, serverUrl, geckoId, extraHostPermissions = [] }: ManifestOptions) {
  const icons = Object.fromEntries(ICON_SIZES.map((s) => [String(s), `icons/icon-${s}.png`]));
  return {
    manifest_version: 3,
    name: '__MSG_extensionName__',
    short_name: 'Wishlist',
    description: '__MSG_extensionDescription__',
    version,
    default_locale: 'en',
    icons,
    action: { default_popup: 'popup.html', default_title: '__MSG_actionTitle__', default_icon: icons },
    background: { service_worker: 'background.js', scripts: ['background.js'] },
    permissions: ['activeTab', 'scripting', 'storage', 'contextMenus'],
    host_permissions: [originPattern(serverUrl), ...extraHostPermissions],
    // Asked for one origin at a time, only when someone points the options page at another server.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    options_ui: { page: 'options.html', open_in_tab: true },
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+W' }, description: '__MSG_commandOpen__' },
    },
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
    browser_specific_settings: {
      gecko: {
        id: geckoId,
        // 140 (the ESR of 2025) is the first to know data_collection_permissions.
        strict_min_version: '140.0',
        // Firefox asks add-ons to declare what they send: the product and the e-mail address go
        // to the person's own Wishlist server, nothing to anyone else.
        data_collection_permissions: { required: ['websiteContent', 'personallyIdentifyingInfo'] },
      },
    },
  };
}

export type Manifest = ReturnType<typeof createManifest>;
