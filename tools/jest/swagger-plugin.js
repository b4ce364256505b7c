// ts-jest AST transformer that runs the @nestjs/swagger CLI plugin, so tests see the same
// OpenAPI metadata as `nest build` (listing the plugin directly in astTransformers does not work).
const plugin = require('@nestjs/swagger/plugin');

module.exports = {
  name: 'nestjs-swagger-transformer',
  version: 1,
  factory(cs) {
    return plugin.before({ classValidatorShim: true, introspectComments: true }, cs.program);
  },
};
