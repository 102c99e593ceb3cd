import { signal } from '@preact/signals-react'

export type NoticeKind = 'error' | 'info' | 'success'

export interface Notice {
  id: number
  kind: NoticeKind
  text: string
}

/** Notifications of SPEC.md §4: new ones go in front, removable by id, clearable; each fades after a while. */
export function createNotices(options: { lifetimeMs?: number } = {}) {
  const lifetime = options.lifetimeMs ?? 4000
  const list = signal<Notice[]>([])
  let next = 1

  function remove(id: number) {
    list.value = list.value.filter((n) => n.id !== id)
  }

  return {
    list,
    add(kind: NoticeKind, text: string): number {
      const id = next++
      list.value = [{ id, kind, text }, ...list.value].slice(0, 5)
      if (typeof window !== 'undefined') setTimeout(() => remove(id), lifetime)
      return id
    },
    remove,
    clear() {
      list.value = []
    },
  }
}

export type Notices = ReturnType<typeof createNotices>
