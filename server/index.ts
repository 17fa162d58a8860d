// The server's entry. It reads the configuration and starts the embedded database (about a second of
// WebAssembly, in its own thread) before it loads the rest of the server, which takes about as long:
// the two overlap. Only Node's own modules, zod and the data-folder lock load before the engine starts.
import { ConfigError, loadConfig, type Config } from "#app/server/core/config.server";
import { DatabaseLockedError } from "#app/server/db/data-folder-lock.server";
import { embeddedOptionsFor, startEmbeddedEngine, type EmbeddedEngine } from "#app/server/db/embedded-engine.server";

function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

function startEngine(config: Config): EmbeddedEngine | undefined {
  if (config.DATABASE_URL) return undefined;
  try {
    return startEmbeddedEngine(embeddedOptionsFor(config));
  } catch (error) {
    if (error instanceof DatabaseLockedError) exitWith(error.message);
    throw error;
  }
}

const config = readConfig();
const engine = startEngine(config);
const { main } = await import("./main");
main(config, engine).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
