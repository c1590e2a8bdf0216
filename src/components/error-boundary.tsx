import { Component, type ComponentType, type ReactNode } from 'react';

/** The spec's generic fallback for an island that throws (React logs the error: onCaughtError). */
class ErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  render() {
    if (this.state.hasError) {
      return (
        <p
          role="alert"
          className="rounded-lg border border-line bg-surface p-6 text-center font-semibold"
        >
          Unexpected Application Error!
        </p>
      );
    }
    return this.props.children;
  }
}

/** Wraps an island's root so a render error shows the fallback instead of a blank area. */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <ErrorBoundary>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Bounded.displayName = `withErrorBoundary(${Inner.displayName ?? Inner.name})`;
  return Bounded;
}
