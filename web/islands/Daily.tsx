import { Placeholder } from '../shell/Placeholder.tsx'

export function Daily() {
  return <Placeholder />
}
