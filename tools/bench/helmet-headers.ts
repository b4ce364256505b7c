// Security headers per request, hand-written (http/security-headers.ts) against @fastify/helmet, on one small JSON route
// (docs/decisions/0035-security-headers-stay-computed-once.md). Start one mode, then load it from another shell:
//   node -r ts-node/register/transpile-only tools/bench/helmet-headers.ts <none|hand|plugin> 38411
//   npx autocannon -c 20 -d 5 http://127.0.0.1:38411/x
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { registerSecurityHeaders } from '../../apps/api/src/http/security-headers';

const options = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};
async function main(): Promise<void> {
  const app = Fastify();
  const mode = process.argv[2];
  if (mode === 'hand') registerSecurityHeaders(app, options);
  if (mode === 'plugin') await app.register(fastifyHelmet, options);
  app.get('/x', () => Promise.resolve({ ok: true, items: [1, 2, 3] }));
  await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
}
void main();
