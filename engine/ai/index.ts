export { chooseHint, chooseMove, type Decision, type MoveSource } from './choose.ts'
export { type Move, moveValue, positionOf, positionValue, WIN_SCORE } from './evaluate.ts'
