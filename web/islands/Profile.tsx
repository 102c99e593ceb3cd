import { Placeholder } from '../shell/Placeholder.tsx'

export function Profile() {
  return <Placeholder />
}
