import { ConfigError } from './config.error';
import type { AppConfig } from './config.types';
import { loadConfig } from './load-config';

/** For entry points: the validated config, or one line on stderr naming the bad variable and exit 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
