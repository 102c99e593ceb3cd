import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../../shell/context.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import type { GameStore } from '../store.ts'

/** The danger map asked for in a game between people without PRO: what PRO gives, and the way there. */
export function ProInvite({ store, openShop }: { store: GameStore; openShop(): void }) {
  useSignals()
  const { t } = useIsland()
  const invite = store.danger.invite
  if (!invite.value) return null
  const close = () => {
    invite.value = false
  }
  return (
    <Dialog
      title={t('insight.danger.proTitle')}
      onClose={close}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={close}>
            {t('actions.close')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="pro-invite-shop"
            onClick={() => {
              close()
              openShop()
            }}
          >
            {t('insight.danger.proAction')}
          </button>
        </>
      }
    >
      <p data-testid="pro-invite">{t('insight.danger.proText')}</p>
    </Dialog>
  )
}
