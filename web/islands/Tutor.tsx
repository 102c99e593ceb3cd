import { Placeholder } from '../shell/Placeholder.tsx'

export function Tutor() {
  return <Placeholder />
}
