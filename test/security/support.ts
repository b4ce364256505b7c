import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import type { TestAccount } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';

/** The raw database, for reading state back after an attack (never to set up the attack itself). */
export function database(stack: TestStack): Connection {
  return stack.app.get<Connection>(getConnectionToken());
}

/** The stored user document (password hash included), or null. */
export async function storedUser(stack: TestStack, id: string): Promise<Record<string, unknown> | null> {
  return database(stack)
    .collection('users')
    .findOne({ _id: new Types.ObjectId(id) });
}

/** What an error body must never carry: stacks, driver text, duplicate-key internals, file paths. */
export const LEAK =
  /E11000|keyPattern|keyValue|MongoServerError|MongoError|BSONError|CastError|ValidationError|Cast to ObjectId|index:\s|dup key|\bat [\w.<>]+ \(|node_modules|\/work\/|\.ts:\d+|\.js:\d+|"stack"|SyntaxError|Unexpected token/;

export function expectNoLeak(res: { text: string; headers: Record<string, string> }): void {
  expect(res.text).not.toMatch(LEAK);
  expect(res.headers['x-powered-by']).toBeUndefined();
}

/** The profile as its owner sees it (proves an attack left it alone). */
export async function profileOf(stack: TestStack, account: TestAccount): Promise<Record<string, unknown>> {
  const res = await stack.http().get('/api/users/profile').set('Authorization', account.bearer);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}

/**
 * A multipart/form-data body built by hand, so a test controls every byte of the part headers
 * (file names with ../ or a NUL byte, a lying Content-Type).
 */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer): { boundary: string; body: Buffer } {
  const boundary = `----security${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    'latin1',
  );
  return { boundary, body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1')]) };
}

/** Binary response bodies as a Buffer (supertest parser). */
export function binary(
  res: { on(event: string, listener: (chunk: Buffer) => void): unknown },
  done: (err: Error | null, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(Buffer.from(chunk)));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
