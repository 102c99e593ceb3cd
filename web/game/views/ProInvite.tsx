import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog } from '../../ui/Dialog.tsx'
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
    <ConfirmDialog
      title={t('insight.danger.proTitle')}
      text={t('insight.danger.proText')}
      confirmLabel={t('insight.danger.proAction')}
      cancelLabel={t('actions.close')}
      onCancel={close}
      onConfirm={() => {
        close()
        openShop()
      }}
    />
  )
}
