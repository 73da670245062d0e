import { Link } from 'react-router'
import { Heart, Search } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { useT } from '#app/i18n/i18n.ts'
import { AuthCard, CardLink } from './auth-layout.tsx'

/** SPEC §2 /auth without parameters: 'Sou Acompanhante' or 'Estou Procurando'. */
export function ChoiceScreen() {
  const t = useT()
  const choices = [
    {
      to: paths.auth({ mode: 'signup', type: 'provider' }),
      Icon: Heart,
      title: t.auth.choice.provider,
      text: t.auth.choice.providerText,
    },
    {
      to: paths.auth({ mode: 'signup', type: 'client' }),
      Icon: Search,
      title: t.auth.choice.client,
      text: t.auth.choice.clientText,
    },
  ]
  return (
    <AuthCard title={t.auth.choice.title} text={t.auth.choice.text}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {choices.map(({ to, Icon, title, text }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-2 rounded-lg border-2 border-stone-200 p-4 hover:border-rose-700 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-800"
            >
              <Icon aria-hidden="true" className="size-7 text-rose-800" />
              <span className="text-lg font-semibold text-stone-900">{title}</span>
              <span className="text-sm text-stone-600">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t.auth.choice.haveAccount}{' '}
        <CardLink to={paths.auth({ mode: 'login' })}>{t.auth.choice.login}</CardLink>
      </p>
    </AuthCard>
  )
}
