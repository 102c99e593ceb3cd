// The avatar moved to its own file; screens outside the game still import it from here.
export { Avatar } from './Avatar.tsx'
