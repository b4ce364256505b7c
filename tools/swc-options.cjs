const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * How the server code is compiled by SWC: tools/server.swcrc, the one description of it, read by the build
 * (tools/build-server.mjs), the Jest tiers (jest.config.js) and the Nest CLI (nest-cli.json's builder, for
 * `nest build` and `nest start`). It is Nest's SWC defaults (legacy decorators with the metadata Nest's dependency
 * injection reads), with class fields defined as tsc defines them for ES2022+ targets. `paths` and `baseUrl`
 * rewrite the @shop/* aliases (the build; Jest maps them itself).
 */
const SERVER_SWCRC = join(__dirname, 'server.swcrc');

function swcServerOptions({ sourceMaps = false, baseUrl, paths } = {}) {
  const swcrc = JSON.parse(readFileSync(SERVER_SWCRC, 'utf8'));
  return {
    ...swcrc,
    swcrc: false,
    configFile: false,
    sourceMaps,
    jsc: { ...swcrc.jsc, ...(paths ? { baseUrl, paths } : {}) },
  };
}

module.exports = { swcServerOptions, SERVER_SWCRC };
