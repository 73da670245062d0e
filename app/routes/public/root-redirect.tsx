import { redirect } from 'react-router'
import { DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'

// '/' goes to the Portuguese home. (The e-mail confirmation screen joins here with accounts.)
export function loader() {
  return redirect(paths.home(DEFAULT_LANGUAGE))
}
