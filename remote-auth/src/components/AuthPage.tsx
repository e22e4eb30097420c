import { useEffect, useRef, type ReactNode } from 'react';
import { useAuthT } from '../i18n';
import '../styles/auth.css';

/**
 * The frame of every auth screen: a centred card, its <h1> focused when the page opens (so a
 * screen reader announces where a navigation landed) and the document title set.
 */
export function AuthPage({
  title,
  documentTitle,
  icon,
  tone = 'default',
  children,
  className,
}: {
  title: ReactNode;
  documentTitle: string;
  icon?: ReactNode;
  tone?: 'default' | 'danger' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const { t } = useAuthT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: false });
  }, []);
  const site = t('common.siteName');
  useEffect(() => {
    document.title = `${documentTitle} · ${site}`;
  }, [documentTitle, site]);
  return (
    <div className={['auth-page', `auth-page--${tone}`, className].filter(Boolean).join(' ')}>
      <div className="auth-card">
        {icon && (
          <div className={`auth-icon auth-icon--${tone}`} aria-hidden="true">
            {icon}
          </div>
        )}
        <h1 ref={heading} tabIndex={-1} className="auth-title">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}
