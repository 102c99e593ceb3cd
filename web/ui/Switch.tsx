/** A checkbox drawn as a switch (`.switch`), its text beside it. */
export function Switch({
  checked,
  label,
  onChange,
  testId,
}: {
  checked: boolean
  label: string
  onChange(checked: boolean): void
  testId?: string
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        data-testid={testId}
      />
      {label}
    </label>
  )
}
