/** Shown while the chat connects; announces itself once to assistive technology. */
export function LoaderOverlay({ label }: { label: string }) {
  return (
    <div className="cw-loader" role="status" aria-live="polite">
      <span className="cw-spinner" aria-hidden="true" />
      <span className="cw-visually-hidden">{label}</span>
    </div>
  );
}
