import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of a widget that failed, given its error. */
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failing widget inside its own frame: the rest of the dashboard goes on. A class because
 * React offers error boundaries only as class components.
 */
export class WidgetErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
