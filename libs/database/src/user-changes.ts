import type { Document, Query, Schema } from 'mongoose';
import { idsOf } from './catalog-changes';
import { afterEveryWrite } from './write-hooks';

/** The users a completed write may have changed: their ids, or undefined when it may have changed any user. */
export type UserChangeListener = (userIds: string[] | undefined) => void;

const listeners = new Set<UserChangeListener>();

/**
 * Every write to the users collection made through a mongoose model, announced in-process once it has
 * completed (or failed: a failed multi-document write may still have changed some). The API's cache of
 * signed-in users listens, so a changed name, a reset password or a deleted account shows at once.
 */
export const userChanges = {
  subscribe(listener: UserChangeListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  notify(userIds: string[] | undefined): void {
    for (const listener of listeners) listener(userIds);
  },
};

/** Mongoose plugin for the users schema: announces its writes through userChanges. */
export function announceUserWrites(schema: Schema): void {
  afterEveryWrite(schema, {
    query(this: Query<unknown, unknown>) {
      userChanges.notify(idsOf((this.getFilter() as Record<string, unknown>)._id));
    },
    document(this: Document) {
      userChanges.notify([String(this._id)]);
    },
    many: () => userChanges.notify(undefined),
  });
}
