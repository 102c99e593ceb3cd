import { DailyScreen } from '../screens/Daily.tsx'

export function Daily() {
  return <DailyScreen />
}
