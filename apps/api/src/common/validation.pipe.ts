import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) out[path] = messages[0];
    if (error.children?.length) Object.assign(out, flatten(error.children, path));
  }
  return out;
}

/** whitelist + forbidNonWhitelisted + transform; errors keyed by field, the first one as the message. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      const message = Object.values(fieldErrors)[0] ?? 'Invalid input';
      return new BadRequestException({ statusCode: 400, message, code: 'VALIDATION_FAILED', errors: fieldErrors });
    },
  });
}
