import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our own Node host, which imports the React Router build itself,
  // so the app and the host share one module graph (one database handle) in production.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' } : {},
  plugins: [tailwindcss(), reactRouter()],
}))
