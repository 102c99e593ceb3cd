interface MentorProps {
  text: string
  className?: string
  testId?: string
  /** Tapping the bubble: the next lesson, where there is a queue. */
  onClick?: () => void
}

/** The robot mentor saying something (the tutor's walk-through, lessons during and after the game). */
export function Mentor({ text, className, testId, onClick }: MentorProps) {
  return (
    <div className={`mentor ${className ?? ''}`} role="status" data-testid={testId}>
      <span className="mentor__face" aria-hidden="true">
        🤖
      </span>
      {onClick ? (
        <button type="button" className="mentor__bubble" onClick={onClick}>
          {text}
        </button>
      ) : (
        <p className="mentor__bubble">{text}</p>
      )}
    </div>
  )
}
