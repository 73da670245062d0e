import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// The dictionary's chunks (app/i18n/{language}/{area}.ts) are named strings-{language}-{area}-…,
// so that what a page loads of them shows in build/client and in `npm run bench`.
const stringsModule = /app\/i18n\/(pt|en)\/(\w+)\.ts$/

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our own Node host, which imports the React Router build itself,
  // so the app and the host share one module graph (one database handle) in production.
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' }
    : {
        rollupOptions: {
          output: {
            chunkFileNames: ({ facadeModuleId }) => {
              const strings = facadeModuleId?.match(stringsModule)
              return strings
                ? `assets/strings-${strings[1]}-${strings[2]}-[hash].js`
                : 'assets/[name]-[hash].js'
            },
          },
        },
      },
  plugins: [tailwindcss(), reactRouter()],
}))
