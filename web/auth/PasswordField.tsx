import { useId } from 'react'
import { PASSWORD_MAX } from './signin.ts'

/** A labelled password input; `autoComplete` tells password managers whether it is new or current. */
export function PasswordField(props: {
  label: string
  autoComplete: 'current-password' | 'new-password'
  invalid: boolean
}) {
  const id = useId()
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name="password"
        type="password"
        autoComplete={props.autoComplete}
        maxLength={PASSWORD_MAX}
        aria-invalid={props.invalid}
      />
    </>
  )
}
