// The ceiling: a bare node:http server that answers each benchmarked endpoint with the exact status,
// headers and body bytes the shop gave for it (captured by bench.mjs). Usage: node bare-server.mjs routes.json
import { readFileSync } from 'node:fs';
import http from 'node:http';

const routes = new Map();
for (const route of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {
  const body = Buffer.from(route.bodyBase64, 'base64');
  routes.set(`${route.method} ${route.path}`, { status: route.status, headers: { ...route.headers, 'content-length': String(body.length) }, body });
}

const server = http.createServer((req, res) => {
  const route = routes.get(`${req.method} ${req.url}`);
  // Read (and drop) the request body like any server would, then answer.
  req.resume();
  req.on('end', () => {
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
