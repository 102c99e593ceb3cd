/**
 * The coins API for every feature: the only way a balance changes (see ledger/repo.ts). Features
 * call these inside their own transaction (`ex` = their tx) so the spend commits with their change.
 */
export {
  type CoinChange,
  type CoinRefusal,
  type CoinResult,
  creditCoins,
  ledgerSum,
  spendCoins,
  takeBackCoins,
} from './ledger/repo.ts'
