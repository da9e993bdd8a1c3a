export interface ChatEndedProps {
  /** 'ended': the agent closed the chat; 'transferred': another tab took it over. */
  reason: 'ended' | 'transferred';
}

/** The chat-ended panel with its thank-you card, or the session-transferred message. */
export function ChatEnded({ reason }: ChatEndedProps) {
  if (reason === 'transferred') {
    return (
      <div className="cw-ended" role="status">
        {/* The transcript already says 'Chat was opened in another tab, continue conversation there'. */}
        <p className="cw-ended__text">This window can be closed.</p>
      </div>
    );
  }
  return (
    <div className="cw-ended" role="status">
      <div className="cw-card">
        <p className="cw-card__title">Thank you for chatting with us</p>
        <p className="cw-card__text">The chat has ended. You can close this window.</p>
      </div>
    </div>
  );
}
