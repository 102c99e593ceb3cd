/** A row of tabs (role tablist); the panel below is the caller's. */
export function Tabs<T extends string>({
  ids,
  selected,
  label,
  onSelect,
}: {
  ids: readonly T[]
  selected: T
  label(id: NoInfer<T>): string
  onSelect(id: NoInfer<T>): void
}) {
  return (
    <div className="tabs" role="tablist">
      {ids.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          className="tab"
          aria-selected={selected === id}
          onClick={() => onSelect(id)}
        >
          {label(id)}
        </button>
      ))}
    </div>
  )
}
