import type { HttpClient } from './httpClient';
import { API_URL } from './resources';

/** What react-admin's FileInput/ImageInput put in the form: the picked File plus a preview URL. */
export interface RawFileValue {
  rawFile: File;
  src?: string;
  title?: string;
}

export function isRawFileValue(value: unknown): value is RawFileValue {
  return !!value && typeof value === 'object' && 'rawFile' in value && (value as RawFileValue).rawFile instanceof Blob;
}

/** POST /api/upload (multipart field 'image'); answers {message, image} where image is the served URL. */
export async function uploadImage(http: HttpClient, file: Blob, name = 'image'): Promise<string> {
  const body = new FormData();
  body.append('image', file, file instanceof File ? file.name : name);
  let json: unknown;
  try {
    ({ json } = await http(`${API_URL}/upload`, { method: 'POST', body }));
  } catch (error) {
    throw markUploadError(error);
  }
  const image = (json as { image?: unknown })?.image;
  if (typeof image !== 'string') throw markUploadError(new Error('Image upload failed.'));
  return image;
}

/** Marks an error as coming from the upload step, so screens can say 'Image upload failed.'. */
function markUploadError(error: unknown): unknown {
  if (error && typeof error === 'object') Object.assign(error, { uploadFailed: true });
  return error;
}

export function isUploadError(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { uploadFailed?: unknown }).uploadFailed === true;
}

/**
 * Walks a form value and replaces every picked file by the URL the upload call answers. An image that
 * was already uploaded comes back from ImageInput as {src, title}: it becomes its src again.
 */
export async function uploadFiles<T>(http: HttpClient, value: T): Promise<T> {
  if (isRawFileValue(value)) return (await uploadImage(http, value.rawFile)) as T;
  if (Array.isArray(value)) return (await Promise.all(value.map((v) => uploadFiles(http, v)))) as T;
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Blob)) {
    const entries = Object.entries(value as Record<string, unknown>);
    const keys = entries.map(([k]) => k);
    if (keys.includes('src') && keys.every((k) => k === 'src' || k === 'title') && typeof (value as { src?: unknown }).src === 'string') {
      return (value as unknown as { src: string }).src as T;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) out[k] = await uploadFiles(http, v);
    return out as T;
  }
  return value;
}
