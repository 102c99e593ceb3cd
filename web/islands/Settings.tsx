import { SettingsScreen } from '../screens/Settings.tsx'

export function Settings() {
  return <SettingsScreen />
}
