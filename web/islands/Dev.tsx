import { DevScreen } from '../screens/Dev.tsx'

export function Dev() {
  return <DevScreen />
}
