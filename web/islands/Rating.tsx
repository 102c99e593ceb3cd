import { RatingScreen } from '../screens/Rating.tsx'

export function Rating() {
  return <RatingScreen />
}
