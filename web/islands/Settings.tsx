import { Placeholder } from '../shell/Placeholder.tsx'

export function Settings() {
  return <Placeholder />
}
