import { Doc } from '../bson-util';
import { CommandError, toErrorReply } from '../errors';
import { adminCommands } from './admin';
import { collectionCommands } from './collections';
import { CommandContext, Handler, Reply } from './context';
import { indexCommands } from './indexes';
import { readCommands } from './read';
import { writeCommands } from './write';

const HANDLERS: Record<string, Handler> = {
  ...adminCommands,
  ...collectionCommands,
  ...indexCommands,
  ...readCommands,
  ...writeCommands,
};

/** Arguments every command may carry that the engine accepts and ignores. */
const GENERIC_ARGS = [
  'lsid',
  '$db',
  'readConcern',
  'writeConcern',
  '$readPreference',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  '$clusterTime',
  'comment',
  'maxTimeMS',
];

/**
 * Runs one command synchronously (so each command is atomic with respect to every other one).
 * Never throws: failures become `{ ok: 0, errmsg, code, codeName }`.
 */
export function dispatch(ctx: CommandContext, cmd: Doc): Reply {
  const name = Object.keys(cmd)[0];
  try {
    if (name === undefined) throw new CommandError('CommandNotFound', "no such command: ''");
    const handler = Object.prototype.hasOwnProperty.call(HANDLERS, name) ? HANDLERS[name] : undefined;
    if (!handler) throw new CommandError('CommandNotFound', `no such command: '${name}'`);
    if (cmd.startTransaction === true || cmd.autocommit !== undefined) {
      throw new CommandError(
        'IllegalOperation',
        'Transaction numbers are only allowed on a replica set member or mongos (embedded-mongo does not support transactions)',
      );
    }
    for (const k of GENERIC_ARGS) void cmd[k];
    return handler(ctx, cmd);
  } catch (e) {
    if (!(e instanceof CommandError)) ctx.logger.warn(`command ${name ?? '?'} failed: ${(e as Error)?.message ?? String(e)}`);
    return toErrorReply(e);
  }
}
