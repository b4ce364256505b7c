import { argon2id, argon2Verify } from 'hash-wasm';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane), encoded as the standard $argon2id$ string.
 * hash-wasm runs it in WebAssembly: no native addon to build or to crash (the argon2 package's Linux
 * prebuild segfaults on this platform).
 */
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19 * 1024, hashLength: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2id({ ...PARAMS, password, salt: randomBytes(16), outputType: 'encoded' });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return false;
  try {
    return await argon2Verify({ hash, password });
  } catch {
    return false;
  }
}
