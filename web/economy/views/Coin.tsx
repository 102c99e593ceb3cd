// The coin, drawn rather than written as 🪙: that emoji (Unicode 13) is an empty box on phones
// older than 2020, and elsewhere its glyph, new to the page when the balance arrives after
// hydration, costs the emoji font a late layout (~20 ms; ×4 on Lighthouse's phone: most of home's
// blocking time). The flying coins are copies of the balance's own (coin-flight.ts).

/** The coin before an amount; hidden from screen readers (the amount's text says coins). */
export function Coin() {
  return (
    <svg className="coin" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7.25" fill="#f2b51d" stroke="#a86b00" strokeWidth="1.5" />
      <circle cx="8" cy="8" r="4.25" fill="none" stroke="#a86b00" strokeWidth="1.2" />
      <path
        d="M5.6 5.2a4 4 0 0 1 2.4-1"
        fill="none"
        stroke="#fff3c4"
        strokeWidth="1.1"
        strokeLinecap="round"
      />
    </svg>
  )
}
