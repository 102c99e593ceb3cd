export {
  type DecodeOptions,
  DICTIONARY_MAGIC,
  DICTIONARY_VERSION,
  decodeDictionary,
  encodeDictionary,
} from './binary.ts'
export { buildDictionary } from './build.ts'
export { type Dictionary, dictionaryWords, FlatDictionary } from './flat.ts'
