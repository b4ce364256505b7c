import { ApiExtension } from '@nestjs/swagger';

/** The extension ApiAlsoConsumes leaves on an operation; buildOpenApiDocument turns it into request body content. */
export const ALSO_CONSUMES = 'x-also-consumes';

/**
 * A request body the handler also takes besides its @ApiBody one, with a schema of its own (for example the
 * CSV itself as text/csv beside a multipart upload): @ApiBody gives every media type of an operation one schema.
 */
export function ApiAlsoConsumes(mediaType: string, schema: Record<string, unknown>): MethodDecorator {
  return ApiExtension(ALSO_CONSUMES, { [mediaType]: { schema } });
}
