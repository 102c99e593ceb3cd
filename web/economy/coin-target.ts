/** Where flying coins land: the balance shown on the page (home's coin pill, the profile's wallet). */
export const COIN_TARGET = 'data-coin-target'
