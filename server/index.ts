// The server's entry. Everything a start needs is checked before anything is made (the configuration,
// the built app, the port, the data folder and its lock), each failure one line naming what to change:
// a first start that stops creates no database, no owner and no password. Then it starts the embedded
// database (about a second of WebAssembly, in its own thread) before it loads the rest of the server,
// which takes about as long: the two overlap. Only Node's own modules, zod and the data-folder lock
// load before the engine starts.
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig, type Config } from "#app/server/core/config.server";
import { makePrivateFolder } from "#app/server/db/private-folder.server";
import { DatabaseLockedError } from "#app/server/db/data-folder-lock.server";
import { embeddedOptionsFor, startEmbeddedEngine, type EmbeddedEngine } from "#app/server/db/embedded-engine.server";
import { projectRoot } from "#database/paths";
import { PortError, takePort, type TakenPort } from "./port";

function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

const development = (config: Config) => config.NODE_ENV === "development" && process.argv.includes("--dev");

function checkBuilt(config: Config) {
  if (development(config)) return;
  for (const made of ["build/server/index.js", "build/client"]) {
    if (!fs.existsSync(path.join(projectRoot, made))) exitWith(`The app is not built (${made} is missing): run npm run build, or npm start.`);
  }
}

async function takeConfiguredPort(config: Config): Promise<TakenPort> {
  try {
    return await takePort(config.HOST, config.PORT);
  } catch (error) {
    if (error instanceof PortError) exitWith(error.message);
    throw error;
  }
}

/** DATA_DIR holds the embedded database, local uploads and, without SMTP, the outbox. */
function checkDataDir(config: Config) {
  if (config.DATABASE_URL && config.STORAGE_DRIVER === "s3" && config.SMTP_URL) return;
  const folder = path.resolve(config.DATA_DIR);
  try {
    makePrivateFolder(folder);
    fs.accessSync(folder, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    exitWith(`DATA_DIR ${folder} cannot be used: ${(error as Error).message}. Give the server a folder it may write to.`);
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

let config = readConfig();
checkBuilt(config);
const port = await takeConfiguredPort(config);
// PORT=0 lets the system choose: the configuration (and the address links use) is the port's it chose.
if (config.PORT === 0) config = readConfig({ ...process.env, PORT: String(port.port) });
checkDataDir(config);
const engine = startEngine(config);
const { main } = await import("./main");
main(config, engine, port).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
