import { DailyArchiveScreen } from '../screens/DailyArchive.tsx'

export function DailyArchive() {
  return <DailyArchiveScreen />
}
