/**
 * The app's API client module, loaded on demand: a screen nobody is signed in to asks the API
 * nothing until a press, so the client's code never weighs on the first screen.
 */
export const loadApi = () => import('./api-on-demand')
