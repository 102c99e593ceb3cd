// Tier rules live in the engine; re-exported here for the server's features (profile, rooms, games).
export {
  gameSlotsCapacity,
  intercomSlotsCapacity,
  isPro,
  limitsOf,
  type TierLimits,
  tierOf,
} from '../../engine/index.ts'
