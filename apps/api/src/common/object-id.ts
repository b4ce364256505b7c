import { Types } from 'mongoose';
import { notFound } from './domain-error';

/** A 24-hex-digit id as an ObjectId, or undefined for anything else. */
export function parseObjectId(text: unknown): Types.ObjectId | undefined {
  return typeof text === 'string' && /^[0-9a-f]{24}$/i.test(text) ? new Types.ObjectId(text) : undefined;
}

/** A path id as an ObjectId; a malformed one is simply an unknown record (404), never a 500. */
export function parseObjectIdOr404(id: string, code: string, message: string): Types.ObjectId {
  const objectId = parseObjectId(id);
  if (!objectId) throw notFound(code, message);
  return objectId;
}
