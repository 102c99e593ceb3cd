import { Placeholder } from '../shell/Placeholder.tsx'

export function Tutorial() {
  return <Placeholder />
}
