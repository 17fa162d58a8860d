// The server takes its port before anything else happens: a port that is taken (or not ours to take) stops
// the start with one line, before a database, an owner or a password exists. Requests that come while
// the rest starts wait for it.
import http from "node:http";

export class PortError extends Error {}

export interface TakenPort {
  server: http.Server;
  /** The port bound (PORT=0 asks the system for a free one). */
  port: number;
  /** Hands requests to the app, those that waited first. */
  serve(listener: http.RequestListener): void;
}

/** One line for each reason a listen fails, naming what to change. */
function portErrorMessage(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case "EADDRINUSE":
      return `Port ${port} on ${host} is already in use (by another program, or The Educator already running). Stop it, or start with another PORT.`;
    case "EACCES":
      return `Port ${port} on ${host} is not open to this account (ports below 1024 need privileges): start with PORT=3000 or another above 1023.`;
    case "EADDRNOTAVAIL":
      return `HOST ${host} is not an address of this machine: use 127.0.0.1 (this machine only) or 0.0.0.0 (every network).`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `HOST ${host} is not a known host name: use 127.0.0.1 (this machine only) or 0.0.0.0 (every network).`;
    default:
      return `Cannot listen on ${host} port ${port}: ${error.message}`;
  }
}

export async function takePort(host: string, port: number): Promise<TakenPort> {
  const waiting: Array<[http.IncomingMessage, http.ServerResponse]> = [];
  const wait: http.RequestListener = (req, res) => void waiting.push([req, res]);
  const server = http.createServer(wait);
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(new PortError(portErrorMessage(error, host, port)));
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as { port: number }).port,
    serve(listener) {
      server.off("request", wait);
      server.on("request", listener);
      for (const [req, res] of waiting.splice(0)) listener(req, res);
    },
  };
}
