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
import { customOptionsFor, timeModesOf } from '../custom-options.ts'

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
  return (
    <fieldset className="options" data-testid="game-options">
      <legend>{t('options.title')}</legend>
      <label className="switch">
        <input
          type="checkbox"
          checked={options.boostersOn}
          onChange={(e) => set({ boostersOn: e.currentTarget.checked })}
        />
        {t('options.boosters')}
      </label>
      <label className="switch">
        <input
          type="checkbox"
          checked={options.hintsOn}
          onChange={(e) => set({ hintsOn: e.currentTarget.checked })}
        />
        {t('options.hints')}
      </label>
      <label>
        {t('options.dictType')}
        <select
          value={options.dictType}
          onChange={(e) => set({ dictType: e.currentTarget.value as GameOptions['dictType'] })}
        >
          {DICT_TYPES.map((d) => (
            <option key={d} value={d}>
              {t(`options.dict.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('options.timeMode')}
        <select
          value={options.timeMode}
          onChange={(e) => set({ timeMode: e.currentTarget.value as GameOptions['timeMode'] })}
        >
          {timeModes.map((m) => (
            <option key={m} value={m}>
              {t(`options.time.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('options.boardSize')}
        <select
          value={options.boardSize}
          onChange={(e) => set({ boardSize: Number(e.currentTarget.value) as GameOptions['boardSize'] })}
        >
          {BOARD_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}×{n}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('options.boardType')}
        <select
          value={options.boardType}
          onChange={(e) => set({ boardType: e.currentTarget.value as GameOptions['boardType'] })}
        >
          {BOARD_TYPES.map((b) => (
            <option key={b} value={b}>
              {t(`options.board.${b}`)}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  )
}
