// The entities are defined once, in the engine (pure rules use them); the server re-exports them.
export { type Income, NO_SUBSCRIPTION, type Subscription } from '../../engine/index.ts'
