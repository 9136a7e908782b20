import { createContext } from 'react-router';

/** Calls the REST API in-process (Fastify inject) with the visitor's cookie and session headers. */
export type ApiCaller = (
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; body: unknown; setCookies: string[] }>;

export type ServerContext = {
  api: ApiCaller;
  publicUrl: string;
  shopWhatsapp: string;
  agencyLocation: string;
};

// Shared by server.ts and the route modules through the '#api-context' import, so both hold one token.
export const serverContext = createContext<ServerContext>();
