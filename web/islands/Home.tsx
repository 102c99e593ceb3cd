import { Placeholder } from '../shell/Placeholder.tsx'

export function Home() {
  return <Placeholder />
}
