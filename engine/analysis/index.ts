export { DANGER, type DangerLevel, type DangerMap, dangerMap } from './danger.ts'
export {
  analysisPosition,
  type HistoryStep,
  ReplayError,
  type ReplayedTurn,
  replayTurns,
  startingGame,
  startingLetters,
} from './replay.ts'
export {
  type GameReview,
  REVIEW,
  REVIEW_MARKS,
  type ReviewedWord,
  type ReviewMark,
  type ReviewSource,
  reviewGame,
  reviewTurn,
  type SideSummary,
  type TurnReview,
} from './review.ts'
