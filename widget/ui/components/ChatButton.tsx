import type { Ref } from 'react';

export interface ChatButtonProps {
  /** Whether the button is shown at all (availability, transfer, callback submitted). */
  visible: boolean;
  /** Connecting: the button shows a spinner and is busy. */
  loading: boolean;
  /** Unread messages while minimized; a badge shows when above zero. */
  unread: number;
  /** 'trips' pages place the button elsewhere. */
  position: 'default' | 'trips';
  /** Chat-lite offers a callback instead of a chat. */
  label: string;
  onOpen: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The floating button; its accessible name always contains "chat". */
export function ChatButton({ visible, loading, unread, position, label, onOpen, buttonRef }: ChatButtonProps) {
  if (!visible) return null;
  const unreadText = unread > 0 ? `, ${unread} unread ${unread === 1 ? 'message' : 'messages'}` : '';
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`cw-fab cw-fab--${position}${loading ? ' cw-fab--loading' : ''}`}
      aria-label={`${label}${unreadText}`}
      aria-busy={loading || undefined}
      onClick={onOpen}
    >
      <svg className="cw-fab__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
      </svg>
      {loading ? <span className="cw-spinner cw-fab__spinner" aria-hidden="true" /> : null}
      {unread > 0 ? (
        <span className="cw-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}
