import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Opt-ins of v8 behaviour that need no code change (docs/decisions/0001-stack.md).
  future: {
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
