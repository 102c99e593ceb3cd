import type { ComponentType } from 'react'
import type { IslandName } from '../../shared/islands.ts'
import { Daily } from './Daily.tsx'
import { DailyArchive } from './DailyArchive.tsx'
import { Dev } from './Dev.tsx'
import { Game } from './Game.tsx'
import { Home } from './Home.tsx'
import { NotFound } from './NotFound.tsx'
import { Profile } from './Profile.tsx'
import { Rating } from './Rating.tsx'
import { Settings } from './Settings.tsx'
import { SignIn } from './SignIn.tsx'
import { Tutor } from './Tutor.tsx'
import { Tutorial } from './Tutorial.tsx'

/** One root component per screen; the server names them in data-island, boot looks them up here. */
export const ISLANDS = {
  Home,
  Daily,
  DailyArchive,
  Tutor,
  Rating,
  SignIn,
  Settings,
  Tutorial,
  Game,
  Profile,
  Dev,
  NotFound,
} satisfies Record<IslandName, ComponentType>
