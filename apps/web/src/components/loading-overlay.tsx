import './loading-overlay.css';

export interface LoadingOverlayProps {
  visible: boolean;
  label: string;
  /** A blocking overlay stops clicks while a request is under way; a light one only shows. */
  blocking?: boolean;
  labelVisible?: boolean;
}

/** Full-screen, fixed (it never shifts layout), announced politely to screen readers. */
export function LoadingOverlay({
  visible,
  label,
  blocking = false,
  labelVisible = true,
}: LoadingOverlayProps) {
  if (!visible) return null;
  return (
    <div
      className={`loading-overlay${blocking ? ' loading-overlay--blocking' : ''}`}
      role="status"
      aria-live="polite"
    >
      <div className="loading-overlay__box">
        <span className="loading-overlay__spinner" aria-hidden="true" />
        <span className={labelVisible ? 'loading-overlay__label' : 'visually-hidden'}>{label}</span>
      </div>
    </div>
  );
}
