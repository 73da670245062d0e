import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/public/root-redirect.tsx'),
  route(':lang', 'routes/public/language-layout.tsx', [
    index('routes/public/home.tsx'),
    route('acompanhantes', 'routes/public/all-profiles.tsx'),
    route('acompanhantes/:citySlug', 'routes/public/city.tsx'),
    route('acompanhantes/:citySlug/:serviceSlug', 'routes/public/city-service.tsx'),
    route('bairro/:citySlug/:neighborhoodSlug', 'routes/public/neighborhood.tsx'),
    route('servicos', 'routes/public/services.tsx'),
    route('servicos/:serviceSlug', 'routes/public/service.tsx'),
    route('buscar', 'routes/public/search.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('terms', 'routes/public/terms.tsx'),
    route('acompanhante/:slug', 'routes/public/profile-redirect.tsx', {
      id: 'lang-profile-redirect',
    }),
  ]),
  route('acompanhante/:slug', 'routes/public/profile.tsx'),
  route('perfil/:id', 'routes/public/profile-redirect.tsx', { id: 'perfil-redirect' }),
  route('contato/:profileId/:channel', 'routes/public/contact.tsx'),
  route('api/profile-views/:profileId', 'routes/resources/profile-view.ts'),
  route('language/:lang', 'routes/resources/set-language.ts'),
  route('age-gate', 'routes/resources/age-gate.ts'),
  route('api/locations', 'routes/resources/locations.ts'),
  route('api/auth/*', 'routes/resources/auth-api.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts', { id: 'sitemap' }),
  route('sitemaps/:file', 'routes/resources/sitemap.ts', { id: 'sitemap-file' }),
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
