import { randomBytes } from 'node:crypto';
import { startEmbeddedMongo, EmbeddedMongo } from '../src';
import type { Doc } from '../src/bson-util';
import type { Collection } from '../src/storage/collection';

export interface TestServer {
  /** Base URI without database name. */
  uri: string;
  /** Unique database name for this test file. */
  dbName: string;
  /** True when running against the embedded engine (not a real MONGODB_URI). */
  embedded: boolean;
  server?: EmbeddedMongo;
  stop(): Promise<void>;
}

/** Uses MONGODB_URI when set (real MongoDB), otherwise starts an in-memory embedded engine. */
export async function startTestServer(prefix: string): Promise<TestServer> {
  const dbName = `${prefix}_${randomBytes(4).toString('hex')}`;
  const external = process.env.MONGODB_URI;
  if (external) {
    return { uri: external.replace(/\/+$/, ''), dbName, embedded: false, stop: () => Promise.resolve() };
  }
  const server = await startEmbeddedMongo();
  return { uri: server.uri, dbName, embedded: true, server, stop: () => server.stop() };
}

/** Seeded numbers in [0, 1) (a linear congruential generator), so a failing randomised test replays exactly. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `count` random writes on a collection: each picks a document stored when the round began (skipped if it is
 * gone by then) and hands it to `write`, which replaces, removes or inserts as the test wants (`i` numbers the
 * write within the round).
 */
export function randomWrites(c: Collection, random: () => number, count: number, write: (key: string, doc: Doc, i: number) => void): void {
  const keys = [...c.docs.keys()];
  for (let i = 0; i < count; i++) {
    const key = keys[Math.floor(random() * keys.length)];
    const doc = c.docs.get(key);
    if (doc) write(key, doc, i);
  }
}
