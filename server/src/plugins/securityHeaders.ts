import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's headers instead of the app's (the PDF a browser's own viewer shows). */
    securityHeaders?: HelmetOptions;
  }
}

type Headers = [name: string, value: string][];

/**
 * The headers helmet writes with these options. Helmet builds them anew for every response (and
 * @fastify/helmet even re-reads its options each time: a tenth of a read request's time); they
 * never change, so they are worked out once.
 */
function headersOf(options: HelmetOptions): Headers {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  // Helmet's middleware is synchronous: by the time it returns, every header has been set.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Helmet's headers on every reply, whatever answers it (a route, a refusal, a 404). */
export default fp<HelmetOptions>(
  async (app, options) => {
    const appHeaders = headersOf(options);
    const routeHeaders = new WeakMap<HelmetOptions, Headers>();
    const headersFor = (own: HelmetOptions | undefined) => {
      if (!own) return appHeaders;
      let headers = routeHeaders.get(own);
      if (!headers) routeHeaders.set(own, (headers = headersOf({ ...options, ...own } as HelmetOptions)));
      return headers;
    };
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of headersFor(request.routeOptions.config?.securityHeaders)) reply.header(name, value);
      done();
    });
  },
  { name: 'securityHeaders' },
);
