// Runs one job of untrusted-worker.server.ts: loads the named TypeScript module (through tsx, so no
// build step is needed, in development as in production), calls the named export with the input,
// posts its answer and ends. A job that throws ends the worker with that error, which the caller
// gets. Plain JavaScript so Node starts it as it is.
import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const { module, name, input } = workerData;
register();
const job = (await import(pathToFileURL(module).href))[name];
if (typeof job !== "function") throw new Error(`${module} has no function ${name}`);
parentPort.postMessage(await job(input));
