import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/public/root-redirect.tsx'),
  route(':lang', 'routes/public/language-layout.tsx', [index('routes/public/home.tsx')]),
  route('language/:lang', 'routes/resources/set-language.ts'),
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
