/** A one-line text box whose placeholder says what it takes; the same words are its accessible name. */
export function TextBox({
  value,
  label,
  maxLength,
  onChange,
  testId,
}: {
  value: string
  label: string
  maxLength: number
  onChange(value: string): void
  testId?: string
}) {
  return (
    <input
      value={value}
      maxLength={maxLength}
      onChange={(e) => onChange(e.currentTarget.value)}
      aria-label={label}
      placeholder={label}
      data-testid={testId}
    />
  )
}
