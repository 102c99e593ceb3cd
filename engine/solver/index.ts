export {
  type BoardInput,
  type BoardMove,
  dictionaryMoveSource,
  inputFromBoard,
  inputFromCells,
  listMoves,
} from './board.ts'
export { createMoveGenerator, type MoveGenerator, type MoveGenInput } from './generator.ts'
