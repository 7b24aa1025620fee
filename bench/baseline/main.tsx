/**
 * The "plain" PWA the first-frame benchmark compares against: React 19, react-router 7 and
 * vite-plugin-pwa's generated worker, with the tenant's branding fetched after the first render,
 * as most multi-tenant apps do. Built and served by `bench/first-frame.ts` only; never shipped.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { registerSW } from 'virtual:pwa-register'
import { Layout } from './layout'
import './styles.css'

const router = createBrowserRouter([
  {
    path: '/:tenant',
    Component: Layout,
    children: [{ path: 'login', lazy: () => import('./login') }],
  },
])

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
registerSW({ immediate: true })
