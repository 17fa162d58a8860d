import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("fills the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", SEED_DEMO: true, PUBLIC_URL: "http://localhost:3000", SITE_TIMEZONE: "Africa/Lusaka" });
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
    expect(loadConfig({ SEED_DEMO: "false", PUBLIC_URL: "https://educator.example/" })).toMatchObject({ SEED_DEMO: false, PUBLIC_URL: "https://educator.example" });
  });
});
