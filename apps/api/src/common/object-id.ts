import { Param, type PipeTransform } from '@nestjs/common';
import { Types } from 'mongoose';
import { notFound } from './domain-error';
import type { ErrorCode } from './error-codes';

const OBJECT_ID_TEXT = /^[0-9a-f]{24}$/i;

/** True for exactly 24 hex digits: the only text form of an ObjectId the API accepts. */
export function isObjectIdText(text: unknown): text is string {
  return typeof text === 'string' && OBJECT_ID_TEXT.test(text);
}

/** A 24-hex-digit id as an ObjectId, or undefined for anything else. */
export function parseObjectId(text: unknown): Types.ObjectId | undefined {
  return isObjectIdText(text) ? new Types.ObjectId(text) : undefined;
}

/** A path id as an ObjectId; a malformed one is simply an unknown record (404), never a 500. */
export function parseObjectIdOr404(id: string, code: ErrorCode, message: string): Types.ObjectId {
  const objectId = parseObjectId(id);
  if (!objectId) throw notFound(code, message);
  return objectId;
}

/**
 * The one check of path ids. @nestjs/mongoose's ParseObjectIdPipe answers 400 and takes any 12-character
 * string (Types.ObjectId.isValid); a malformed id names no record, so this pipe answers 404 with the resource's
 * code, and accepts only 24 hex digits. The value stays text: services and repositories cast it.
 */
export class ObjectIdPipe implements PipeTransform<unknown, string> {
  constructor(
    private readonly code: ErrorCode = 'NOT_FOUND',
    private readonly message = 'Not found',
  ) {}

  transform(value: unknown): string {
    if (!isObjectIdText(value)) throw notFound(this.code, this.message);
    return value;
  }
}

/** `@IdParam('id', 'PRODUCT_NOT_FOUND', 'Product not found') id: string`: a path id checked by ObjectIdPipe. */
export function IdParam(name = 'id', code: ErrorCode = 'NOT_FOUND', message = 'Not found'): ParameterDecorator {
  return Param(name, new ObjectIdPipe(code, message));
}
