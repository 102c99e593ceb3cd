import type { Lang } from '../../engine/index.ts'

/**
 * The bot's own messages. They go to Telegram, not to the web client, so they live here rather
 * than in locales/ (which the client bundles).
 */
export interface BotTexts {
  welcome: string
  roomInvite: string
  referralWelcome: string
  open: string
  openRoom: string
  paysupport: string
  terms: string
  invite: string
  inviteButton: string
  /** Invoice titles (1-32 characters) and descriptions (1-255), by shop item kind. */
  invoiceTitle: (item: InvoiceKind) => string
  invoiceDescription: (item: InvoiceKind) => string
  /** Pre-checkout refusals the payer sees. */
  orderInvalid: string
  orderPaid: string
  thanks: string
  /** A payment of no order of ours: recorded, nothing delivered, refunded by support. */
  paymentUnmatched: string
  menuButton: string
}

export type InvoiceKind =
  | { kind: 'coins'; coins: number }
  | { kind: 'gameSlots' | 'emojiSlots'; slots: number }
  | { kind: 'subscription'; id: 'pro' | 'proplus'; days: number }

const tierName = (id: 'pro' | 'proplus') => (id === 'pro' ? 'PRO' : 'PRO+')

const en: BotTexts = {
  welcome: 'Capture the board with words! Tap the button to play.',
  roomInvite: 'A friend is waiting for you in a game room. Tap the button to join.',
  referralWelcome: 'Your friend invited you: start playing and you both get coins.',
  open: 'Play',
  openRoom: 'Join the game',
  paysupport:
    'Payment support: tell us here what went wrong with a purchase (the date and the item). ' +
    'Purchases in Telegram Stars are refunded by us when the goods were not delivered.',
  terms:
    'Terms: purchases in Telegram Stars buy in-game coins, slots and PRO subscriptions. ' +
    'Subscriptions renew every 30 days until cancelled; a cancelled one lasts to the end of the paid period.',
  invite: 'Invite friends to play! Forward them this link: every friend who joins brings you coins.',
  inviteButton: 'Open the game',
  invoiceTitle: (item) =>
    item.kind === 'coins'
      ? `${item.coins} coins`
      : item.kind === 'subscription'
        ? `${tierName(item.id)} for ${item.days} days`
        : `${item.slots} ${item.kind === 'gameSlots' ? 'game' : 'emoji'} slots`,
  invoiceDescription: (item) =>
    item.kind === 'coins'
      ? `${item.coins} coins for games, avatars and reactions.`
      : item.kind === 'subscription'
        ? `${tierName(item.id)}: more game slots, income, reactions, private rooms and achievements. Renews every 30 days.`
        : `${item.slots} more ${item.kind === 'gameSlots' ? 'concurrent game' : 'reaction'} slots, for good.`,
  orderInvalid: 'This invoice is no longer valid. Please open the shop again.',
  orderPaid: 'This invoice is already paid.',
  thanks: 'Thank you! Your purchase is in your profile.',
  paymentUnmatched:
    'We received your payment but could not match it to a purchase, so nothing was delivered. ' +
    'It is recorded: write /paysupport and we will refund it.',
  menuButton: 'Play',
}

const ru: BotTexts = {
  welcome: 'Захватывай поле словами! Нажми кнопку, чтобы играть.',
  roomInvite: 'Друг ждёт тебя в игровой комнате. Нажми кнопку, чтобы присоединиться.',
  referralWelcome: 'Тебя пригласил друг: начни играть, и вы оба получите монеты.',
  open: 'Играть',
  openRoom: 'Присоединиться к игре',
  paysupport:
    'Поддержка платежей: напишите здесь, что пошло не так с покупкой (дату и товар). ' +
    'Если товар не был получен, мы вернём Telegram Stars.',
  terms:
    'Условия: за Telegram Stars покупаются игровые монеты, слоты и подписки PRO. ' +
    'Подписка продлевается каждые 30 дней до отмены; отменённая действует до конца оплаченного срока.',
  invite: 'Приглашай друзей! Перешли им эту ссылку: за каждого друга ты получишь монеты.',
  inviteButton: 'Открыть игру',
  invoiceTitle: (item) =>
    item.kind === 'coins'
      ? `${item.coins} монет`
      : item.kind === 'subscription'
        ? `${tierName(item.id)} на ${item.days} дней`
        : `${item.slots} слотов ${item.kind === 'gameSlots' ? 'игр' : 'эмодзи'}`,
  invoiceDescription: (item) =>
    item.kind === 'coins'
      ? `${item.coins} монет для игр, аватаров и реакций.`
      : item.kind === 'subscription'
        ? `${tierName(item.id)}: больше слотов игр, доход, реакции, приватные комнаты и достижения. Продлевается каждые 30 дней.`
        : `Ещё ${item.slots} слотов ${item.kind === 'gameSlots' ? 'одновременных игр' : 'реакций'}, навсегда.`,
  orderInvalid: 'Этот счёт больше не действует. Откройте магазин заново.',
  orderPaid: 'Этот счёт уже оплачен.',
  thanks: 'Спасибо! Покупка уже в вашем профиле.',
  paymentUnmatched:
    'Мы получили ваш платёж, но не смогли сопоставить его с покупкой, поэтому ничего не начислено. ' +
    'Платёж сохранён: напишите /paysupport, и мы вернём звёзды.',
  menuButton: 'Играть',
}

const es: BotTexts = {
  welcome: '¡Conquista el tablero con palabras! Pulsa el botón para jugar.',
  roomInvite: 'Un amigo te espera en una sala de juego. Pulsa el botón para unirte.',
  referralWelcome: 'Un amigo te ha invitado: empieza a jugar y los dos recibiréis monedas.',
  open: 'Jugar',
  openRoom: 'Unirse a la partida',
  paysupport:
    'Soporte de pagos: cuéntanos aquí qué falló con una compra (la fecha y el artículo). ' +
    'Si no recibiste lo comprado, te devolvemos las Telegram Stars.',
  terms:
    'Condiciones: con Telegram Stars se compran monedas, espacios y suscripciones PRO. ' +
    'La suscripción se renueva cada 30 días hasta que se cancela; cancelada, dura hasta el final del periodo pagado.',
  invite: '¡Invita a tus amigos! Reenvíales este enlace: cada amigo que se una te da monedas.',
  inviteButton: 'Abrir el juego',
  invoiceTitle: (item) =>
    item.kind === 'coins'
      ? `${item.coins} monedas`
      : item.kind === 'subscription'
        ? `${tierName(item.id)} por ${item.days} días`
        : `${item.slots} espacios de ${item.kind === 'gameSlots' ? 'partidas' : 'emoji'}`,
  invoiceDescription: (item) =>
    item.kind === 'coins'
      ? `${item.coins} monedas para partidas, avatares y reacciones.`
      : item.kind === 'subscription'
        ? `${tierName(item.id)}: más partidas a la vez, ingresos, reacciones, salas privadas y logros. Se renueva cada 30 días.`
        : `${item.slots} espacios más de ${item.kind === 'gameSlots' ? 'partidas simultáneas' : 'reacciones'}, para siempre.`,
  orderInvalid: 'Esta factura ya no es válida. Abre la tienda de nuevo.',
  orderPaid: 'Esta factura ya está pagada.',
  thanks: '¡Gracias! Tu compra ya está en tu perfil.',
  paymentUnmatched:
    'Recibimos tu pago, pero no pudimos asociarlo a una compra, así que no se entregó nada. ' +
    'Está registrado: escribe /paysupport y te lo reembolsaremos.',
  menuButton: 'Jugar',
}

const TEXTS: Record<Lang, BotTexts> = { en, ru, es }

export function botTexts(lang: string | null | undefined): BotTexts {
  const base = lang?.toLowerCase().split('-')[0]
  return base === 'ru' || base === 'es' ? TEXTS[base] : en
}
