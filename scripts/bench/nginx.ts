// nginx serving saved pages as static files: the yardstick the issue measures the app against.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onCleanup } from "./cleanup";
import { freePort } from "#tests/helpers/processes";
import { startChild, waitUntilAnswering } from "./processes";

export interface StaticNginx {
  base: string;
  /** The worker_processes setting used. */
  workers: string;
  /** URL path of each saved file, by the name it was given. */
  paths: Map<string, string>;
  stop(): Promise<void>;
}

/** The nginx binary (NGINX_PATH, then PATH, then /usr/sbin/nginx), or undefined when absent. */
export function findNginx(): string | undefined {
  for (const candidate of [process.env.NGINX_PATH, "nginx", "/usr/sbin/nginx"]) {
    if (!candidate) continue;
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Starts `nginx` (master and `workers` worker processes, access log off, sendfile, default
 * keep-alive) on a free loopback port, serving `files` as text/html from a temporary prefix
 * that is removed at cleanup. No compression: wrk asks for none, as against the app.
 */
export async function startStaticNginx(nginx: string, files: Map<string, string | Buffer>, workers = "auto"): Promise<StaticNginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "educator-bench-nginx-"));
  onCleanup(() => fs.rmSync(prefix, { recursive: true, force: true }));
  const root = path.join(prefix, "html");
  fs.mkdirSync(root);
  // Readable by nginx's workers, which run as another user when the bench runs as root.
  fs.chmodSync(prefix, 0o755);
  fs.chmodSync(root, 0o755);
  const paths = new Map<string, string>();
  [...files].forEach(([name, body], index) => {
    const file = `page-${index}.html`;
    fs.writeFileSync(path.join(root, file), body, { mode: 0o644 });
    paths.set(name, `/${file}`);
  });

  const port = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes ${workers};
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  types { text/html html; }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = startChild(nginx, ["-p", prefix, "-c", conf, "-e", `${prefix}/error.log`]);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(child, `${base}${paths.values().next().value ?? "/"}`, 10_000);
  } catch (error) {
    const log = fs.existsSync(path.join(prefix, "error.log")) ? fs.readFileSync(path.join(prefix, "error.log"), "utf8") : "";
    throw new Error(`${(error as Error).message}\nnginx error log:\n${log}`);
  }
  return { base, workers, paths, stop: () => child.stop(5000) };
}
