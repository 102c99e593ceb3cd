import { Placeholder } from '../shell/Placeholder.tsx'

export function Game() {
  return <Placeholder />
}
