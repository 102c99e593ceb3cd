import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../../shell/context.ts'
import { Dialog } from '../../ui/Dialog.tsx'

/** SPEC.md §8: no free game slots / not enough coins, each with a go-to-shop action. */
export function RestrictionAlert({ openShop }: { openShop(tab: 'pro' | 'coins'): void }) {
  useSignals()
  const { t, session } = useIsland()
  const kind = session.restriction.value
  if (!kind) return null
  const close = () => session.clearRestriction()
  return (
    <Dialog
      title={kind === 'coins' ? t('restriction.coins') : t('restriction.gameSlots')}
      onClose={close}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={close}>
            {t('actions.close')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              close()
              openShop(kind === 'coins' ? 'coins' : 'pro')
            }}
          >
            {t('restriction.toShop')}
          </button>
        </>
      }
    >
      <p data-testid="restriction" data-kind={kind}>
        {kind === 'coins' ? t('restriction.coinsText') : t('restriction.gameSlotsText')}
      </p>
    </Dialog>
  )
}
