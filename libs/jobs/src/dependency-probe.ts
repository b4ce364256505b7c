/**
 * Health-check building blocks shared by the API's and the worker's probes: a deadline per check, and a Redis
 * connection that answers.
 */

/** The state of one dependency in a health answer: up, or down with a short reason. */
export type DependencyState = { status: 'up' } | { status: 'down'; message: string };

/** How long one check may take before its dependency counts as down. */
export const CHECK_TIMEOUT_MS = 2000;

/**
 * Runs one check with a deadline: up when it resolves in time, down with the reason when it rejects or
 * takes longer (the check itself is left to settle on its own).
 */
export async function probe(check: () => Promise<void>, timeoutMs = CHECK_TIMEOUT_MS): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down', message: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const outcome = check().then(
    (): DependencyState => ({ status: 'up' }),
    (error: unknown): DependencyState => ({ status: 'down', message: error instanceof Error ? error.message : String(error) }),
  );
  try {
    return await Promise.race([outcome, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The part of an ioredis client a check needs (BullMQ types its connections without ping, though they are ioredis). */
export interface RedisLike {
  status: string;
  ping?: () => Promise<string>;
}

/**
 * A Redis connection answers: it is connected (ioredis would otherwise queue the PING until it reconnects,
 * so a stopped Redis is reported at once) and replies PONG.
 */
export async function pingRedis(client: RedisLike): Promise<void> {
  if (client.status !== 'ready') throw new Error(`not connected (${client.status})`);
  if (!client.ping) return;
  let pong: string;
  try {
    pong = await client.ping();
  } catch (error) {
    // The class or code only: a network error's message names the server's address, and health answers are public.
    const { name, code } = error as { name?: string; code?: string };
    throw new Error(`PING failed (${code ?? name ?? 'unknown error'})`);
  }
  if (pong !== 'PONG') throw new Error(`unexpected answer ${pong}`);
}

export interface Readiness {
  /** Every dependency is up. */
  ready: boolean;
  /** Each dependency by name, in the order given. */
  checks: Record<string, DependencyState>;
}

/** Runs every check at once, each with its own deadline. */
export async function checkAll(checks: Record<string, () => Promise<void>>, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const names = Object.keys(checks);
  const states = await Promise.all(names.map((name) => probe(checks[name], timeoutMs)));
  const result: Record<string, DependencyState> = {};
  names.forEach((name, i) => (result[name] = states[i]));
  return { ready: states.every((s) => s.status === 'up'), checks: result };
}

/** "Not ready: redis (not connected (reconnecting)), queue:mail (…) unavailable" */
export function notReadyMessage(checks: Record<string, DependencyState>): string {
  const down = Object.entries(checks).flatMap(([name, state]) => (state.status === 'down' ? [`${name} (${state.message})`] : []));
  return `Not ready: ${down.join(', ')} unavailable`;
}
