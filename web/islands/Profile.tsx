import { ProfileScreen } from '../screens/Profile.tsx'

export function Profile() {
  return <ProfileScreen />
}
