import { useSignals } from '@preact/signals-react/runtime'
import { type FormEvent, type ReactNode, useState } from 'react'
import { AI_LEVELS, type AiLevel, GAME_TYPES, type GameType } from '../../../engine/index.ts'
import type { MessageKey } from '../../../shared/i18n.ts'
import { useIsland } from '../../shell/context.ts'
import { Segmented } from '../../ui/Segmented.tsx'
import { Select } from '../../ui/Select.tsx'
import { Switch } from '../../ui/Switch.tsx'
import { TextBox } from '../../ui/TextBox.tsx'
import type { RoomsStore } from '../rooms.ts'
import { GameOptionsPanel } from './GameOptionsPanel.tsx'

function roomErrorKey(code: string): MessageKey {
  if (code === 'NOT_FOUND') return 'home.friend.notFound'
  if (code === 'OWN_ROOM') return 'home.friend.ownRoom'
  if (code === 'FORBIDDEN') return 'home.friend.needsPro'
  if (code === 'NETWORK') return 'errors.network'
  // A refused request (e.g. options that do not fit the game) is never "could not start".
  if (code === 'BAD_REQUEST') return 'home.badOptions'
  return 'home.startFailed'
}

function WaitingRoom({ rooms }: { rooms: RoomsStore }) {
  useSignals()
  const { t, host, notices, sounds } = useIsland()
  const room = rooms.room.value
  if (!room) return null
  const link = room.link ? new URL(room.link, host.origin).toString() : null
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      notices.add('success', t('home.friend.copied'))
      sounds.play('blip')
    } catch {
      notices.add('error', t('home.friend.copyFailed'))
    }
  }
  const share = async () => {
    if (!link) return
    if (host.shareLink) return host.shareLink(link, t('home.friend.shareText'))
    if (navigator.share)
      await navigator.share({ url: link, text: t('home.friend.shareText') }).catch(() => {})
    else await copy(link)
  }
  return (
    <div className="waiting-room" role="status" data-testid="waiting-room">
      <p>{room.mode === 'friend' ? t('home.friend.waiting') : t('home.arena.searching')}</p>
      {room.code && (
        <p className="waiting-room__code">
          {t('home.friend.code')} <strong data-testid="room-code">{room.code}</strong>
        </p>
      )}
      {link && (
        <p className="waiting-room__link">
          <input
            readOnly
            value={link}
            aria-label={t('home.friend.link')}
            onFocus={(e) => e.currentTarget.select()}
          />
        </p>
      )}
      <div className="row">
        {room.code && (
          <button type="button" className="button button--ghost" onClick={() => void copy(room.code ?? '')}>
            {t('home.friend.copyCode')}
          </button>
        )}
        {link && (
          <>
            <button type="button" className="button button--ghost" onClick={() => void copy(link)}>
              {t('home.friend.copyLink')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => void share()}>
              {t('home.friend.share')}
            </button>
          </>
        )}
        <button type="button" className="button button--danger" onClick={() => void rooms.cancel()}>
          {t('actions.cancel')}
        </button>
      </div>
    </div>
  )
}

/** One way to play: its heading over its controls. */
function PlayMode({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="play__mode">
      <h3>{title}</h3>
      {children}
    </div>
  )
}

/** A button that starts (or asks for) a game. */
function StartButton({
  disabled,
  onClick,
  testId,
  children,
}: {
  disabled: boolean
  onClick(): void
  testId?: string
  children: ReactNode
}) {
  return (
    <button type="button" className="button" disabled={disabled} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  )
}

/** Computer (with level), arena (with the lobby counts) and friend (create, join), plus custom options. */
export function PlayPanel({ rooms }: { rooms: RoomsStore }) {
  useSignals()
  const { t, props, session, settings, sounds } = useIsland()
  const [type, setType] = useState<GameType>('classic')
  const [level, setLevel] = useState<AiLevel>('easy')
  const [custom, setCustom] = useState(false)
  const [joinRef, setJoinRef] = useState('')
  const [secret, setSecret] = useState('')
  const waiting = rooms.room.value !== null
  const busy = rooms.busy.value || waiting
  const counts = session.lobby.value
  const waitingHere = counts?.[type]?.[props.lang] ?? 0
  const options = custom ? settings.settings.value.customGameOptions : null
  const error = rooms.error.value

  const start = (mode: 'computer' | 'randomPlayer' | 'friend', extra: { secret?: string } = {}) => {
    sounds.play('button')
    void rooms.start({ mode, type, level, custom: options, ...extra })
  }
  const join = (e: FormEvent) => {
    e.preventDefault()
    sounds.play('button')
    void rooms.join(joinRef)
  }

  return (
    <section className="card play" aria-labelledby="play-title">
      <h2 id="play-title">{t('home.play.title')}</h2>
      <Segmented
        name="game-type"
        label={t('home.play.type')}
        values={GAME_TYPES}
        value={type}
        text={(value) => t(`home.type.${value}`)}
        onChange={setType}
      />
      <Switch checked={custom} label={t('home.play.custom')} onChange={setCustom} testId="custom-toggle" />
      {custom && <GameOptionsPanel type={type} />}

      <PlayMode title={t('home.computer.title')}>
        <Select
          label={t('home.computer.level')}
          value={level}
          values={AI_LEVELS}
          text={(l) => t(`levels.${l}`)}
          onChange={setLevel}
          testId="level"
        />
        <StartButton disabled={busy} onClick={() => start('computer')} testId="play-computer">
          {t('home.computer.play')}
        </StartButton>
      </PlayMode>

      <PlayMode title={t('home.arena.title')}>
        <p className="muted" data-testid="lobby-count">
          {t('home.arena.waiting', { n: waitingHere })}
        </p>
        <StartButton disabled={busy} onClick={() => start('randomPlayer')} testId="play-arena">
          {t('home.arena.play')}
        </StartButton>
      </PlayMode>

      <PlayMode title={t('home.friend.title')}>
        <div className="row">
          <StartButton disabled={busy} onClick={() => start('friend')} testId="create-room">
            {t('home.friend.create')}
          </StartButton>
        </div>
        <details className="secret-room">
          <summary>{t('home.friend.privateTitle')}</summary>
          <p className="muted small">{t('home.friend.privateText')}</p>
          <div className="inline-form">
            <TextBox value={secret} maxLength={32} onChange={setSecret} label={t('home.friend.secret')} />
            <StartButton disabled={busy || !secret.trim()} onClick={() => start('friend', { secret })}>
              {t('home.friend.createPrivate')}
            </StartButton>
          </div>
        </details>
        <form className="inline-form" onSubmit={join}>
          <TextBox
            value={joinRef}
            maxLength={64}
            onChange={setJoinRef}
            label={t('home.friend.joinLabel')}
            testId="join-code"
          />
          <button type="submit" className="button" disabled={busy || !joinRef.trim()} data-testid="join">
            {t('home.friend.join')}
          </button>
        </form>
      </PlayMode>
      <WaitingRoom rooms={rooms} />
      {error && (
        <p className="form-error" role="alert">
          {t(roomErrorKey(error))}
        </p>
      )}
    </section>
  )
}
