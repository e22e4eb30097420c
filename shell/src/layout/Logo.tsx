/** The brand mark: a gift tag. Decorative; the link around it carries the name. */
export function Logo() {
  return (
    <svg className="shell-logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect x="3" y="11" width="26" height="18" rx="4" fill="var(--color-primary)" />
      <rect x="1.5" y="7.5" width="29" height="6" rx="2.5" fill="var(--color-accent)" />
      <rect x="14" y="7.5" width="4" height="21.5" fill="var(--color-primary-contrast)" opacity="0.9" />
      <path d="M16 7.5c-2-4.5-7.5-5-7.5-1.8 0 2.4 4.2 2.4 7.5 1.8Zm0 0c2-4.5 7.5-5 7.5-1.8 0 2.4-4.2 2.4-7.5 1.8Z" fill="none" stroke="var(--color-accent)" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
