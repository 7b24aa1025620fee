// jsdom ships without types and @types/jsdom is not installed: the little the prerender uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string })
    readonly window: Window & typeof globalThis
  }
}
