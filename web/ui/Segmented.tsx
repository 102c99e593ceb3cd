/** A row of radio buttons drawn as one segmented control (`.segmented`); the checked one is lit. */
export function Segmented<T extends string>({
  name,
  label,
  values,
  value,
  text,
  onChange,
}: {
  /** The radios' group name. */
  name: string
  /** The group's accessible name. */
  label: string
  values: readonly T[]
  value: T
  text(value: NoInfer<T>): string
  onChange(value: NoInfer<T>): void
}) {
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {values.map((v) => (
        <label key={v} className={value === v ? 'segmented__on' : ''}>
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          {text(v)}
        </label>
      ))}
    </div>
  )
}
