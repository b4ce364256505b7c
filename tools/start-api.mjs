// Starts the built API with its V8 flags (tools/api-node-flags.json, through tools/api-process.mjs): the command of
// `npm run start:api`, the Dockerfile and docker-compose.yml. The API runs as a child process (V8 flags must be
// given to node itself); SIGTERM and SIGINT are passed on, and this process exits with the API's exit code.
import { spawn } from 'node:child_process';
import { API_MAIN, API_NODE_FLAGS } from './api-process.mjs';

const api = spawn(process.execPath, [...API_NODE_FLAGS, ...process.execArgv, API_MAIN, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
