export interface SpinnerProps {
  /** Announced to screen readers; without it the spinner is decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const cls = ['ui-spinner', `ui-spinner--${size}`, className].filter(Boolean).join(' ');
  if (!label) return <span className={cls} aria-hidden="true" />;
  return (
    <span role="status" className="ui-spinner-wrap">
      <span className={cls} aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </span>
  );
}
