import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the screen when it failed to load or render. */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/** Catches a screen that cannot load (a dropped connection, a new deployment) or render. */
export class ScreenBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
