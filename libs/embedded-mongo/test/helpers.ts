import { randomBytes } from 'node:crypto';
import { startEmbeddedMongo, EmbeddedMongo } from '../src';

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
    return { uri: external.replace(/\/+$/, ''), dbName, embedded: false, stop: async () => undefined };
  }
  const server = await startEmbeddedMongo();
  return { uri: server.uri, dbName, embedded: true, server, stop: () => server.stop() };
}
