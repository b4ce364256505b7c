// The write floor: the least a stored cart write costs on this machine. A bare node:http server (no framework,
// no middleware, no logging) that checks the shop's bearer token the way the API does (jose, HS256, issuer and
// audience), parses the JSON body, makes the cart's one database write on the shop's own engine (the atomic
// "one more unit on this line" findOneAndUpdate of CartsRepository.addToLine, on carts of its own in a
// database of its own) and answers the cart answer bytes the shop gave (captured by bench.mjs).
// Usage: node write-floor.mjs config.json
//   config: { uri, secret, users: [user id], products: [product id], route: { status, headers, bodyBase64 } }
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { jwtVerify } from 'jose';

const require = createRequire(import.meta.url);
const { MongoClient, ObjectId } = require('mongodb');

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const key = new TextEncoder().encode(config.secret);
const body = Buffer.from(config.route.bodyBase64, 'base64');
const headers = { ...config.route.headers, 'content-length': String(body.length) };
const MAX_PER_LINE = 99;

const client = await MongoClient.connect(config.uri);
const carts = client.db('bench_write_floor').collection('carts');
await carts.deleteMany({});
await carts.createIndex({ user: 1 }, { unique: true });
const products = config.products.map((id) => new ObjectId(id));
await carts.insertMany(
  config.users.map((id) => ({
    user: new ObjectId(id),
    items: products.map((product) => ({ product, quantity: 1 })),
    createdAt: new Date(),
    updatedAt: new Date(),
  })),
);

async function addOne(token, text) {
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    issuer: 'threadline-shop',
    audience: 'threadline-shop',
    clockTolerance: 5,
  });
  const input = JSON.parse(text);
  const user = new ObjectId(String(payload.sub));
  const product = new ObjectId(String(input.productId));
  const quantity = Number(input.quantity ?? 1);
  const line = { product, quantity: { $lte: MAX_PER_LINE - quantity } };
  const cart = await carts.findOneAndUpdate(
    { user, items: { $elemMatch: line } },
    { $inc: { 'items.$.quantity': quantity }, $set: { updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
  // A full line starts again at one unit (the shop would refuse; the floor keeps writing).
  if (!cart) await carts.updateOne({ user, 'items.product': product }, { $set: { 'items.$.quantity': 1, updatedAt: new Date() } });
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const auth = req.headers.authorization ?? '';
    addOne(auth.startsWith('Bearer ') ? auth.slice(7) : '', Buffer.concat(chunks).toString('utf8')).then(
      () => res.writeHead(config.route.status, headers).end(body),
      (error) => res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error?.message ?? error)),
    );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => void client.close().then(() => process.exit(0))));
