import { Placeholder } from '../shell/Placeholder.tsx'

export function Rating() {
  return <Placeholder />
}
