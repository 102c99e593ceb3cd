interface MentorProps {
  /** One line, or several said together (each its own paragraph). */
  text: string | readonly string[]
  className?: string
  testId?: string
  /** Tapping the bubble (e.g. to dismiss it). */
  onClick?: () => void
  /** What tapping does, for screen readers. */
  clickLabel?: string
}

/** The robot mentor saying something (the tutor's welcome, lessons during and after the game). */
export function Mentor({ text, className, testId, onClick, clickLabel }: MentorProps) {
  const lines = typeof text === 'string' ? [text] : text
  const body = lines.map((line) => (
    <span key={line} className="mentor__line">
      {line}
    </span>
  ))
  return (
    <div className={`mentor ${className ?? ''}`} role="status" data-testid={testId}>
      <span className="mentor__face" aria-hidden="true">
        🤖
      </span>
      {onClick ? (
        <button type="button" className="mentor__bubble" onClick={onClick} title={clickLabel}>
          {body}
        </button>
      ) : (
        <p className="mentor__bubble">{body}</p>
      )}
    </div>
  )
}
