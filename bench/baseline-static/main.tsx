/**
 * The second plain PWA of the first-frame benchmark: as `../baseline/`, but with the sign-in
 * screen imported with the rest of the app (no chunk of its own to wait for) and vite-plugin-pwa's
 * `generateSW` left at its defaults. React 19, react-router 7, the tenant's branding fetched after
 * the first render. Built and served by `bench/first-frame.ts` only; never shipped.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { registerSW } from 'virtual:pwa-register'
import { Layout } from '../baseline/layout'
import { Component as Login } from '../baseline/login'
import '../baseline/styles.css'

const router = createBrowserRouter([
  { path: '/:tenant', Component: Layout, children: [{ path: 'login', Component: Login }] },
])

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
registerSW({ immediate: true })
