import { TutorialScreen } from '../screens/Tutorial.tsx'

export function Tutorial() {
  return <TutorialScreen />
}
