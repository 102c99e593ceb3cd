import { useSignals } from '@preact/signals-react/runtime'
import { BOARD_SIZES, BOARD_TYPES, DICT_TYPES, type GameOptions, TIME_MODES } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'

/** The custom game panel (SPEC.md §2): saved in the settings cookie, used for custom games. */
export function GameOptionsPanel() {
  useSignals()
  const { t, settings } = useIsland()
  const options = settings.settings.value.customGameOptions
  const set = (patch: Partial<GameOptions>) =>
    settings.update({ customGameOptions: { ...options, ...patch } })
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
          {TIME_MODES.map((m) => (
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
