/**
 * How the server code is compiled by SWC, the same for the build (tools/build-server.mjs) and the Jest tiers
 * (jest.config.js): Nest's SWC defaults (legacy decorators with the metadata Nest's dependency injection reads),
 * with class fields defined as tsc defines them for ES2022+ targets. `paths` and `baseUrl` rewrite the @shop/*
 * aliases (the build; Jest maps them itself).
 */
function swcServerOptions({ sourceMaps = false, baseUrl, paths } = {}) {
  return {
    swcrc: false,
    configFile: false,
    sourceMaps,
    module: { type: 'commonjs' },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
      keepClassNames: true,
      ...(paths ? { baseUrl, paths } : {}),
    },
  };
}

module.exports = { swcServerOptions };
