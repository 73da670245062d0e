import type { FormAnswer } from '#app/modules/forms/checks.ts'

export interface AccountAnswer extends FormAnswer<'email' | 'password' | 'delete'> {
  done?: boolean
}
