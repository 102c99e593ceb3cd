import { TutorScreen } from '../screens/Tutor.tsx'

export function Tutor() {
  return <TutorScreen />
}
