import type { FastifyRequest } from 'fastify';

/**
 * The bearer credential of a request (`Authorization: Bearer <key>`), or undefined. A request
 * that carries one is authenticated by it alone, never by cookies: that is what lets it skip the
 * CSRF check (infra/security.ts), since no other site can make a browser send a Bearer header.
 * Other schemes (Basic, which a browser does attach by itself behind a password-protected proxy)
 * are ignored here and get no exemption.
 */
export function bearerCredential(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}
