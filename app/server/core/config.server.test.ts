import { describe, expect, it } from "vitest";
import { ConfigError, listeningUrlOf, loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("fills the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      SEED_DEMO: true,
      PUBLIC_URL: "http://127.0.0.1:3000",
      SITE_TIMEZONE: "Africa/Lusaka",
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("stops on a bad value with one line naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(new ConfigError('Invalid configuration: PORT must be a number (got "eighty")'));
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/^Invalid configuration: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
    expect(() => loadConfig({ SEED_DEMO: "maybe" })).toThrow(/^Invalid configuration: SEED_DEMO must be true or false/);
    expect(() => loadConfig({ OWNER_EMAIL: "not-an-email" })).toThrow(/^Invalid configuration: OWNER_EMAIL must be an email address/);
    expect(() => loadConfig({ OWNER_PASSWORD: "long-enough" })).toThrow(/^Invalid configuration: OWNER_EMAIL must be set when OWNER_PASSWORD is set/);
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(/^Invalid configuration: S3_BUCKET must be set when STORAGE_DRIVER is s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: "ftp" })).toThrow(/^Invalid configuration: STORAGE_DRIVER must be local or s3/);
  });

  it("reads booleans and trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ SEED_DEMO: "false", PUBLIC_URL: "https://educator.example/" })).toMatchObject({
      SEED_DEMO: false,
      PUBLIC_URL: "https://educator.example",
    });
  });

  it("reads TRUST_PROXY as no proxy, a hop count or a list of proxy addresses", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16" }).TRUST_PROXY).toEqual(["10.0.0.1", "192.168.0.0/16"]);
    expect(() => loadConfig({ TRUST_PROXY: "the proxy" })).toThrow(/^Invalid configuration: TRUST_PROXY must be false, a number of proxies/);
  });

  it("needs PUBLIC_URL in production when the server listens beyond this machine", () => {
    expect(() => loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0" })).toThrow(/^Invalid configuration: PUBLIC_URL must be set in production/);
    expect(loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_URL: "https://educator.example" }).PUBLIC_URL).toBe("https://educator.example");
    expect(loadConfig({ NODE_ENV: "production" }).PUBLIC_URL).toBe("http://127.0.0.1:3000");
  });

  it("makes links, without PUBLIC_URL, with the address the server prints: HOST and PORT, a wildcard HOST as localhost", () => {
    expect(loadConfig({ PORT: "4123" }).PUBLIC_URL).toBe("http://127.0.0.1:4123");
    expect(loadConfig({ HOST: "localhost", PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(loadConfig({ HOST: "0.0.0.0" }).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "::1", PORT: "3001" }).PUBLIC_URL).toBe("http://[::1]:3001");
    expect(loadConfig({ PORT: "4123", PUBLIC_URL: "https://educator.example/" }).PUBLIC_URL).toBe("https://educator.example");
    expect(listeningUrlOf({ HOST: "::", PORT: 80 })).toBe("http://localhost:80");
  });

  it("never prints a secret in a configuration error", () => {
    const error = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (thrown) {
        return (thrown as Error).message;
      }
      throw new Error("no error");
    };
    expect(error({ SESSION_SECRET: "too-short-but-secret" })).toBe(
      "Invalid configuration: SESSION_SECRET must be at least 32 characters (got a value of 20 characters)",
    );
    expect(error({ DATABASE_URL: "mysql://admin:hunter2@db.example/educator" })).not.toContain("hunter2");
    expect(error({ DATABASE_URL: "mysql://admin:hunter2@db.example/educator" })).toContain('"mysql://admin:***@db.example/educator"');
  });
});
