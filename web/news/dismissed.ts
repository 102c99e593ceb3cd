/** Dismissed news items, remembered on this device (local storage), newest last. */
const KEY = 'news-dismissed'
/** More ids than Home ever shows at once; older ones belong to items long deleted. */
const KEEP = 100

type Store = Pick<Storage, 'getItem' | 'setItem'> | null

export function dismissedIds(storage: Store): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export function rememberDismissed(storage: Store, id: string): void {
  const ids = dismissedIds(storage).filter((known) => known !== id)
  ids.push(id)
  try {
    storage?.setItem(KEY, JSON.stringify(ids.slice(-KEEP)))
  } catch {
    // Storage refused: the item is hidden for this page only.
  }
}
