/** Shown while the chat connects: a spinner and what is happening, said once to assistive technology. */
export function LoaderOverlay({ label }: { label: string }) {
  return (
    <div className="cw-loader" role="status" aria-live="polite">
      <div className="cw-loader__card">
        <span className="cw-spinner" aria-hidden="true" />
        <span className="cw-loader__text">{label}</span>
      </div>
    </div>
  );
}
