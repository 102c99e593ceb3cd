import { useSignals } from '@preact/signals-react/runtime'
import { type FormEvent, useState } from 'react'
import { AI_LEVELS, type AiLevel, type GameType } from '../../../engine/index.ts'
import type { MessageKey } from '../../../shared/i18n.ts'
import { useIsland } from '../../shell/context.ts'
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
      <div className="segmented" role="radiogroup" aria-label={t('home.play.type')}>
        {(['classic', 'blitz'] as const).map((value) => (
          <label key={value} className={type === value ? 'segmented__on' : ''}>
            <input
              type="radio"
              name="game-type"
              value={value}
              checked={type === value}
              onChange={() => setType(value)}
            />
            {t(`home.type.${value}`)}
          </label>
        ))}
      </div>
      <label className="switch">
        <input
          type="checkbox"
          checked={custom}
          onChange={(e) => setCustom(e.currentTarget.checked)}
          data-testid="custom-toggle"
        />
        {t('home.play.custom')}
      </label>
      {custom && <GameOptionsPanel type={type} />}

      <div className="play__mode">
        <h3>{t('home.computer.title')}</h3>
        <label>
          {t('home.computer.level')}
          <select
            value={level}
            onChange={(e) => setLevel(e.currentTarget.value as AiLevel)}
            data-testid="level"
          >
            {AI_LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`levels.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => start('computer')}
          data-testid="play-computer"
        >
          {t('home.computer.play')}
        </button>
      </div>

      <div className="play__mode">
        <h3>{t('home.arena.title')}</h3>
        <p className="muted" data-testid="lobby-count">
          {t('home.arena.waiting', { n: waitingHere })}
        </p>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => start('randomPlayer')}
          data-testid="play-arena"
        >
          {t('home.arena.play')}
        </button>
      </div>

      <div className="play__mode">
        <h3>{t('home.friend.title')}</h3>
        <div className="row">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => start('friend')}
            data-testid="create-room"
          >
            {t('home.friend.create')}
          </button>
        </div>
        <details className="secret-room">
          <summary>{t('home.friend.privateTitle')}</summary>
          <p className="muted small">{t('home.friend.privateText')}</p>
          <div className="inline-form">
            <input
              value={secret}
              maxLength={32}
              onChange={(e) => setSecret(e.currentTarget.value)}
              aria-label={t('home.friend.secret')}
              placeholder={t('home.friend.secret')}
            />
            <button
              type="button"
              className="button"
              disabled={busy || !secret.trim()}
              onClick={() => start('friend', { secret })}
            >
              {t('home.friend.createPrivate')}
            </button>
          </div>
        </details>
        <form className="inline-form" onSubmit={join}>
          <input
            value={joinRef}
            maxLength={64}
            onChange={(e) => setJoinRef(e.currentTarget.value)}
            aria-label={t('home.friend.joinLabel')}
            placeholder={t('home.friend.joinLabel')}
            data-testid="join-code"
          />
          <button type="submit" className="button" disabled={busy || !joinRef.trim()} data-testid="join">
            {t('home.friend.join')}
          </button>
        </form>
      </div>
      <WaitingRoom rooms={rooms} />
      {error && (
        <p className="form-error" role="alert">
          {t(roomErrorKey(error))}
        </p>
      )}
    </section>
  )
}
