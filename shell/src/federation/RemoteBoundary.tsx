import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  fallback: (error: unknown) => ReactNode;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches a failing remote so only its slot shows the error; headers and other routes keep working. */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The loader wraps what went wrong (a chunk that did not load, a shared singleton version the
    // federation runtime refused): log it too, it is what tells a developer why.
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause !== undefined) console.error('[shell] remote failed', error, '\ncaused by:', cause, info.componentStack);
    else console.error('[shell] remote failed', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
