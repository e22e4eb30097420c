// Decorative icons (aria-hidden by their container), drawn with currentColor.
const common = { viewBox: '0 0 48 48', width: 48, height: 48, fill: 'none', stroke: 'currentColor', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round', focusable: 'false' } as const;

export function MailIcon() {
  return (
    <svg {...common}>
      <rect x="6" y="11" width="36" height="26" rx="4" />
      <path d="m8 14 16 12 16-12" />
    </svg>
  );
}

export function MailSentIcon() {
  return (
    <svg {...common}>
      <rect x="6" y="13" width="30" height="22" rx="4" />
      <path d="m8 16 13 9 13-9" />
      <path d="M38 9l4-3M40 16h5M38 23l4 3" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...common}>
      <circle cx="24" cy="24" r="17" />
      <path d="m16 24.5 5.5 5.5L32.5 19" />
    </svg>
  );
}

export function AlertIcon() {
  return (
    <svg {...common}>
      <path d="M24 7 43 40H5Z" />
      <path d="M24 20v9M24 34.5v.5" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...common}>
      <path d="M9 13h30M19 13V8h10v5M13 13l2 26h18l2-26M21 20v13M27 20v13" />
    </svg>
  );
}

export function SignOutIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M9 16l-4-4 4-4M5 12h11" />
    </svg>
  );
}

export function AccountIcon() {
  return (
    <svg {...common}>
      <circle cx="24" cy="17" r="8" />
      <path d="M9 41c2-8 8-12 15-12s13 4 15 12" />
    </svg>
  );
}
