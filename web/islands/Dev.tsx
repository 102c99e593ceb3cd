import { Placeholder } from '../shell/Placeholder.tsx'

export function Dev() {
  return <Placeholder />
}
