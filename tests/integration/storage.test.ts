import fs from "node:fs";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, createS3Storage, StorageConflictError, type Storage } from "#app/server/core/storage.server";
import { temporaryFolder } from "#tests/helpers/database";

let s3rver: S3rver;
let s3Endpoint: string;
let s3Admin: S3Client;
let bucketNumber = 0;

beforeAll(async () => {
  // A real S3-compatible server on loopback: the S3 driver is tested at the network edge.
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: temporaryFolder("educator-s3-") });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  s3Admin = new S3Client({
    endpoint: s3Endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
});
afterAll(() => s3rver.close());

const drivers: Array<[string, () => Promise<Storage>]> = [
  ["local", async () => createLocalStorage(temporaryFolder())],
  [
    "s3",
    async () => {
      const bucket = `educator-${++bucketNumber}`; // a bucket per test: nothing leaks between tests
      await s3Admin.send(new CreateBucketCommand({ Bucket: bucket }));
      return createS3Storage({
        bucket,
        region: "us-east-1",
        endpoint: s3Endpoint,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
        publicUrl: "https://cdn.example.org/files",
      });
    },
  ],
];

describe.each(drivers)("storage driver: %s", (kind, make) => {
  it("stores, lists by name, gives public URLs and removes", async () => {
    const storage = await make();
    const url = await storage.put("media", "articles/2.png", Buffer.from("two"));
    await storage.put("media", "articles/1.png", Buffer.from("one!"));
    await storage.put("other", "x.gif", Buffer.from("x"));
    expect(url).toBe(kind === "local" ? "/uploads/media/articles/2.png" : "https://cdn.example.org/files/media/articles/2.png");
    // (s3rver, unlike S3, drops a prefix from CommonPrefixes when it holds only nested keys.)
    await storage.put("media", "readme.txt", Buffer.from("r"));
    expect(await storage.listBuckets()).toEqual(["media", "other"]);
    await storage.remove("media", "readme.txt");
    const files = await storage.list("media");
    expect(files.map((file) => [file.name, file.size])).toEqual([
      ["articles/1.png", 4],
      ["articles/2.png", 3],
    ]);
    expect(files[0]!.publicUrl).toBe(storage.publicUrl("media", "articles/1.png"));
    // A page at a time: from the first name after a given one.
    expect((await storage.list("media", { after: "articles/1.png" })).map((file) => file.name)).toEqual(["articles/2.png"]);
    // (s3rver cannot answer a truncated listing on OpenSSL 3: its continuation token uses DES; real S3 does.)
    if (kind === "local") expect((await storage.list("media", { limit: 1 })).map((file) => file.name)).toEqual(["articles/1.png"]);
    await storage.remove("media", "articles/1.png");
    expect((await storage.list("media")).map((file) => file.name)).toEqual(["articles/2.png"]);
  });

  it("reads a stored file back as a stream with its size; a missing one is null", async () => {
    const storage = await make();
    await storage.put("resources", "a/plan.pdf", Buffer.from("%PDF-1.7 plan"));
    const file = await storage.read("resources", "a/plan.pdf");
    expect(file?.size).toBe(13);
    expect(await new Response(file!.body).text()).toBe("%PDF-1.7 plan");
    expect(await storage.read("resources", "a/missing.pdf")).toBeNull();
    await expect(storage.read("resources", "../etc/passwd")).rejects.toThrow("Unsafe storage path");
  });

  it("never overwrites a stored file", async () => {
    const storage = await make();
    await storage.put("media", "team/a.jpg", Buffer.from("first"));
    await expect(storage.put("media", "team/a.jpg", Buffer.from("second"))).rejects.toBeInstanceOf(StorageConflictError);
    const [file] = await storage.list("media");
    expect(file!.size).toBe(5);
  });

  it("refuses paths that could escape the bucket", async () => {
    const storage = await make();
    for (const key of ["../secret.txt", "a/../../b", "/etc/passwd", "a//b", ".hidden", "a\\b"]) {
      await expect(storage.put("media", key, Buffer.from("x")), key).rejects.toThrow(/Unsafe storage path/);
    }
    await expect(storage.put("../media", "a.png", Buffer.from("x"))).rejects.toThrow(/Unsafe storage path/);
    await expect(storage.remove("media", "../../x")).rejects.toThrow(/Unsafe storage path/);
  });
});

describe("local storage files", () => {
  it("leaves no partial file behind and keeps files inside the root", async () => {
    const root = temporaryFolder();
    const storage = createLocalStorage(root);
    await storage.put("media", "articles/ok.png", Buffer.from("ok"));
    const all = fs.readdirSync(root, { recursive: true }).map(String);
    expect(all.sort()).toEqual(["media", path.join("media", "articles"), path.join("media", "articles", "ok.png")].sort());
  });
});
