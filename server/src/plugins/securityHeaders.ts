import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's headers instead of the app's (the PDF a browser's own viewer shows). */
    securityHeaders?: HelmetOptions
  }
}

type Headers = [name: string, value: string][]

/**
 * Helmet's options for the app's replies. The content security policy is what the H5 build needs:
 * its own scripts only; inline styles (Taro's components and NutUI insert <style> elements); data: and
 * blob: images and fetches (the signature pad's drawing, chosen photos before their upload); the
 * API server and the web-view page's origins when the build names them; images also from the map
 * pages' tiles; frames only of the back-office origins that embed the app.
 */
function appOptions({ apiOrigins, webviewOrigins, embedOrigins, tileOrigins }: Config['csp']): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...apiOrigins, ...tileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'data:', 'blob:', ...apiOrigins],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: webviewOrigins.length ? webviewOrigins : ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...embedOrigins],
      },
    },
    // X-Frame-Options cannot name other origins: with back-office origins, frame-ancestors decides alone.
    xFrameOptions: embedOrigins.length ? false : { action: 'sameorigin' },
  }
}

/**
 * The headers helmet writes with these options. Helmet builds them anew for every response (and
 * @fastify/helmet even re-reads its options each time); they never change, so they are worked out
 * once.
 */
function headersOf(options: HelmetOptions): Headers {
  const headers = new Map<string, string>()
  const response = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  }
  // Helmet's middleware is synchronous: by the time it returns, every header has been set.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return [...headers]
}

/** Helmet's headers on every reply, whatever answers it (a route, a refusal, a 404), for the origins of `csp`. */
export default fp<Config['csp']>(
  async (app, csp) => {
    const options = appOptions(csp)
    const appHeaders = headersOf(options)
    const routeHeaders = new WeakMap<HelmetOptions, Headers>()
    const headersFor = (own: HelmetOptions | undefined) => {
      if (!own) return appHeaders
      let headers = routeHeaders.get(own)
      if (!headers) routeHeaders.set(own, (headers = headersOf({ ...options, ...own } as HelmetOptions)))
      return headers
    }
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of headersFor(request.routeOptions.config?.securityHeaders)) reply.header(name, value)
      done()
    })
  },
  { name: 'securityHeaders' },
)
