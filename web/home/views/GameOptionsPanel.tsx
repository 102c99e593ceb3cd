import { useSignals } from '@preact/signals-react/runtime'
import {
  BOARD_SIZES,
  BOARD_TYPES,
  DICT_TYPES,
  type GameOptions,
  type GameType,
  TIME_MODES,
} from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import { Select } from '../../ui/Select.tsx'
import { Switch } from '../../ui/Switch.tsx'
import { customOptionsFor, timeModesOf } from '../custom-options.ts'

type ListKey = 'dictType' | 'timeMode' | 'boardSize' | 'boardType'

/**
 * The custom game panel (SPEC.md §2): saved in the settings cookie, used for custom games. Given
 * the game type about to start, it offers that type's clocks and shows the one the game will get.
 */
export function GameOptionsPanel({ type }: { type?: GameType }) {
  useSignals()
  const { t, settings } = useIsland()
  const saved = settings.settings.value.customGameOptions
  const options = type ? customOptionsFor(type, saved) : saved
  const timeModes = type ? timeModesOf(type) : TIME_MODES
  const set = (patch: Partial<GameOptions>) => settings.update({ customGameOptions: { ...saved, ...patch } })
  // An option picked from a list, labelled by its own name (`options.<key>`).
  const list = <K extends ListKey>(
    key: K,
    values: readonly GameOptions[K][],
    text: (v: GameOptions[K]) => string,
  ) => (
    <Select
      label={t(`options.${key}`)}
      value={options[key]}
      values={values}
      text={text}
      onChange={(value) => set({ [key]: value } as Pick<GameOptions, K>)}
    />
  )
  return (
    <fieldset className="options" data-testid="game-options">
      <legend>{t('options.title')}</legend>
      <Switch
        checked={options.boostersOn}
        label={t('options.boosters')}
        onChange={(boostersOn) => set({ boostersOn })}
      />
      <Switch checked={options.hintsOn} label={t('options.hints')} onChange={(hintsOn) => set({ hintsOn })} />
      {list('dictType', DICT_TYPES, (d) => t(`options.dict.${d}`))}
      {list('timeMode', timeModes, (m) => t(`options.time.${m}`))}
      {list('boardSize', BOARD_SIZES, (n) => `${n}×${n}`)}
      {list('boardType', BOARD_TYPES, (b) => t(`options.board.${b}`))}
    </fieldset>
  )
}
