/**
 * createApp's list of features (src/feature.ts) turned into what the app runs: socket handlers
 * registered once, start and stop hooks in list order, routes for one `.use`.
 */
import { type AnyElysia, Elysia } from 'elysia'
import type { Core } from './core.ts'
import type { Feature } from './feature.ts'

/** Registers every feature's socket handlers and hooks on the core, in the list's order. */
export function composeFeatures(core: Core, features: readonly Feature[]): void {
  for (const feature of features) {
    if (feature.socketHandlers) core.handlers.registerAll(feature.socketHandlers)
    if (feature.onStart) core.onStart(feature.onStart)
    if (feature.onStop) core.onStop(feature.onStop)
  }
}

type RoutesOf<F extends readonly Feature[]> = {
  -readonly [K in keyof F]: F[K] extends { routes: infer R extends AnyElysia } ? R : Elysia
}

/** The features' routes, each with its own type (Elysia's `.use([...])` keeps them for Eden). */
export function routesOf<const F extends readonly Feature[]>(features: F): RoutesOf<F> {
  // `map` forgets the tuple's per-element types that RoutesOf spells out again.
  return features.map((feature) => feature.routes ?? new Elysia()) as RoutesOf<F>
}
