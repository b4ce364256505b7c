/** The image types the API stores (it decodes and re-encodes each; anything else answers 415). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** For an `<input type="file" accept>`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** For react-admin's ImageInput (react-dropzone's accept map). */
export const IMAGE_DROPZONE_ACCEPT: Record<string, string[]> = Object.fromEntries(IMAGE_TYPES.map((type) => [type, []]));
