import type { ReactNode } from 'react'

/**
 * A labelled <select> over a fixed list of values, each option's text the caller's. The change
 * hands back the value itself (a number stays a number), not the option's text.
 */
export function Select<T extends string | number>({
  label,
  className,
  value,
  values,
  text,
  onChange,
  name,
  testId,
}: {
  /** What stands before the list, inside its <label>. */
  label: ReactNode
  /** The <label>'s class. */
  className?: string
  value: T
  values: readonly T[]
  text(value: NoInfer<T>): string
  onChange(value: NoInfer<T>): void
  name?: string
  testId?: string
}) {
  return (
    <label className={className}>
      {label}
      <select
        name={name}
        value={value}
        onChange={(e) => {
          const picked = values.find((v) => String(v) === e.currentTarget.value)
          if (picked !== undefined) onChange(picked)
        }}
        data-testid={testId}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {text(v)}
          </option>
        ))}
      </select>
    </label>
  )
}
