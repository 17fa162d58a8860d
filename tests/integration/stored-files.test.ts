import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBucket } from "#app/lib/import-limits";
import { resourceBucket } from "#app/lib/resource-files";
import { recordUpload } from "#app/server/media/media.server";
import { listSchoolPacks, schoolPackBucket, storeSchoolPack } from "#app/server/school-pack/pack-store.server";
import { anAccount, standInPackContents } from "#tests/factories";
import { temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// Stored files are served as they are only from the public bucket (the Media Library's images),
// whatever spelling of /uploads asks; resources, imports and school packs only through routes
// that check them. The Media Library deletes only its own files.

/** A GET with the request target exactly as written (fetch and http.request(url) would normalise it). */
function rawGet(baseUrl: string, target: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: target, method: "GET" }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString("latin1") }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** Every way of writing /uploads/<bucket>/<key> that a decoder or a file system might take for it. */
function spellings(bucket: string, key: string): string[] {
  const first = `%${bucket.charCodeAt(0).toString(16)}${bucket.slice(1)}`;
  return [
    `/uploads/${bucket}/${key}`,
    `/uploads//${bucket}/${key}`,
    `/uploads/${bucket}//${key}`,
    `/uploads/${first}/${key}`,
    `/uploads/${first.toUpperCase()}/${key}`,
    `/uploads/./${bucket}/${key}`,
    `/uploads/${bucket}/./${key}`,
    `/uploads/x/../${bucket}/${key}`,
    `/uploads/media/../${bucket}/${key}`,
    `/uploads/media/%2e%2e/${bucket}/${key}`,
    `/uploads/media/%2E%2E/${bucket}/${key}`,
    `/uploads/%2e/${bucket}/${key}`,
    `/uploads/media/%252e%252e/${bucket}/${key}`,
    `/uploads/%252e/${bucket}/${key}`,
    `/uploads/${bucket.toUpperCase()}/${key}`,
    `/UPLOADS/${bucket}/${key}`,
    `/Uploads/${bucket}/${key}`,
    `/uploads\\${bucket}\\${key.replaceAll("/", "\\")}`,
    `/uploads/media\\..\\${bucket}/${key}`,
    `/uploads/%5c${bucket}/${key}`,
    `/uploads/media%5c..%5c${bucket}/${key}`,
    `/uploads/${bucket}./${key}`,
    `/uploads/${bucket}%2e/${key}`,
    `/uploads/${bucket}%2F${key.replaceAll("/", "%2F")}`,
    `/uploads/media%2F..%2F${bucket}/${key}`,
    `/uploads/${bucket}/${key}%00`,
    `/uploads/${bucket}%00/${key}`,
    `/x/../uploads/${bucket}/${key}`,
    `/uploads/${bucket}/${key}?download=1`,
  ];
}

const secretOf = (bucket: string) => `secret bytes of the ${bucket} bucket`;
// Names shaped as each bucket stores them.
const privateFiles = [
  { bucket: resourceBucket, key: "3f1c2a4e-0000-4000-8000-000000000001/1790000000000_0123456789abcdef.pdf" },
  { bucket: resourceBucket, key: "3f1c2a4e-0000-4000-8000-000000000001/1790000000000_0123456789abcdef.pdf.preview.webp" },
  { bucket: importBucket, key: "0123456789abcdef0123456789abcdef.json" },
  { bucket: schoolPackBucket, key: "2026-11-28T17-57-28Z.zip" },
];

async function expectNeverServed(baseUrl: string, bucket: string, key: string) {
  for (const target of spellings(bucket, key)) {
    const answer = await rawGet(baseUrl, target);
    expect(answer.status, target).not.toBe(200);
    expect(answer.status, target).toBeGreaterThanOrEqual(400);
    expect(answer.body, target).not.toContain(secretOf(bucket));
  }
}

describe(`stored files on the local storage (${testDatabaseKind})`, () => {
  let server: TestServer;
  const image = { key: "articles/1790000000000_00112233aabbccdd.png", bytes: Buffer.from("png bytes of a public image") };

  beforeAll(async () => {
    server = await startTestServer();
    const { storage } = server.services;
    for (const { bucket, key } of privateFiles) await storage.put(bucket, key, Buffer.from(secretOf(bucket)));
    await storage.put("media", image.key, image.bytes);
  });
  afterAll(() => server.close());

  it.each(privateFiles)("never serves $bucket/$key, however /uploads is spelled", async ({ bucket, key }) => {
    expect(fs.readFileSync(path.join(server.services.storage.root!, bucket, ...key.split("/")), "latin1")).toBe(secretOf(bucket));
    await expectNeverServed(server.url, bucket, key);
  });

  it("serves the public images as they are, cached for a year; odd spellings of them answer 404", async () => {
    const answer = await fetch(`${server.url}/uploads/media/${image.key}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await answer.arrayBuffer()).equals(image.bytes)).toBe(true);
    const head = await fetch(`${server.url}/uploads/media/${image.key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(image.bytes.length));
    // The address as a URL resolves it is the same file.
    expect((await rawGet(server.url, `/uploads/media/articles/../${image.key}`)).status).toBe(200);
    for (const target of [
      `/uploads/media/articles/missing.png`,
      `/uploads/media//${image.key}`,
      `/uploads/MEDIA/${image.key}`,
      "/uploads/media",
      "/uploads/",
    ]) {
      expect((await rawGet(server.url, target)).status, target).toBe(404);
    }
  });
});

describe(`school packs at unguessable addresses (${testDatabaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("a stored pack is downloaded at /school-packs/<its name> by anyone, a name its time does not give; its manifest and /uploads never", async () => {
    const { storage } = server.services;
    const file = path.join(temporaryFolder(), "pack.zip");
    fs.writeFileSync(file, "zip bytes of a pack");
    const madeAt = new Date("2026-11-28T17:57:28Z");
    const packs = [
      await storeSchoolPack(storage, { ...standInPackContents, format: "static", file, bytes: 19, articleCount: 3, madeAt }),
      await storeSchoolPack(storage, { ...standInPackContents, format: "static", file, bytes: 19, articleCount: 3, madeAt }),
    ];
    // Made the same second, two packs: two names, each with 128 random bits after the time.
    for (const pack of packs) expect(pack.key).toMatch(/^2026-11-28T17-57-28Z-[0-9a-f]{32}\.zip$/);
    expect(packs[0]!.key).not.toBe(packs[1]!.key);
    expect(packs[0]!.url).toBe(`/school-packs/${packs[0]!.key}`);

    const download = await fetch(server.url + packs[0]!.url!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="the-educator-school-pack-${packs[0]!.key.slice(0, 10)}.${packs[0]!.format === "zim" ? "zim" : "zip"}"`,
    );
    expect(await download.text()).toBe("zip bytes of a pack");

    for (const guess of [
      "2026-11-28T17-57-28Z.zip",
      `${packs[0]!.key}.json`,
      packs[0]!.key.replace(/[0-9a-f]{32}/, "0".repeat(32)),
      `..%2F${resourceBucket}%2F${privateFiles[0]!.key.replaceAll("/", "%2F")}`,
    ]) {
      expect((await fetch(`${server.url}/school-packs/${guess}`)).status, guess).toBe(404);
    }
    await expectNeverServed(server.url, schoolPackBucket, packs[0]!.key);
  });

  it("a pack stored under the old name made of its time alone is listed, but offered at no address", async () => {
    const { storage } = server.services;
    const key = "2026-10-01T02-00-00Z.zim";
    await storage.put(schoolPackBucket, key, Buffer.from("old pack"));
    const manifest = { format: "zim", key, madeAt: "2026-10-01T02:00:00.000Z", bytes: 8, articleCount: 1, url: `/uploads/${schoolPackBucket}/${key}` };
    await storage.put(schoolPackBucket, `${key}.json`, Buffer.from(JSON.stringify(manifest)));
    const listed = (await listSchoolPacks(storage)).find((pack) => pack.key === key);
    expect(listed).toMatchObject({ key, format: "zim", url: null });
    expect((await fetch(`${server.url}/school-packs/${key}`)).status).toBe(404);
  });
});

describe(`deleting through the Media Library (${testDatabaseKind})`, () => {
  let server: TestServer;
  let editor: CookieJar;
  let contributor: { id: string; jar: CookieJar };
  let pack: Awaited<ReturnType<typeof storeSchoolPack>>;

  beforeAll(async () => {
    server = await startTestServer();
    const { db, storage } = server.services;
    const [editorAccount, contributorAccount] = await Promise.all([anAccount(db, { role: "editor" }), anAccount(db, { role: "contributor" })]);
    editor = await signInOverHttp(server.url, editorAccount.email, editorAccount.password);
    contributor = { id: contributorAccount.id, jar: await signInOverHttp(server.url, contributorAccount.email, contributorAccount.password) };
    for (const { bucket, key } of privateFiles) await storage.put(bucket, key, Buffer.from(secretOf(bucket)));
    const file = path.join(temporaryFolder(), "pack.zip");
    fs.writeFileSync(file, "zip bytes");
    pack = await storeSchoolPack(storage, {
      ...standInPackContents,
      format: "static",
      file,
      bytes: 9,
      articleCount: 1,
      madeAt: new Date("2026-11-28T17:57:28Z"),
    });
  });
  afterAll(() => server.close());

  const remove = (jar: CookieJar, bucket: string, filePath: string) => postForm(server.url, "/admin/media", { intent: "delete", bucket, path: filePath }, jar);
  const stored = async (bucket: string, key: string) => {
    const file = await server.services.storage.read(bucket, key);
    await file?.body.cancel();
    return file !== null;
  };
  const otherBuckets = () => [...privateFiles, { bucket: schoolPackBucket, key: pack.key }, { bucket: schoolPackBucket, key: `${pack.key}.json` }];

  it("an editor deletes a library image, but no pack, resource, import or lone WebP copy", async () => {
    const { storage } = server.services;
    for (const { bucket, key } of otherBuckets()) {
      const answer = await remove(editor, bucket, key);
      expect([400, 403], `${bucket}/${key}`).toContain(answer.status);
      expect(await stored(bucket, key), `${bucket}/${key}`).toBe(true);
    }
    expect((await listSchoolPacks(storage)).map((listed) => listed.key)).toContain(pack.key);

    await storage.put("media", "articles/editor-kept.png", Buffer.from("p"));
    await storage.put("media", "articles/editor-kept.w480.webp", Buffer.from("w"));
    expect((await remove(editor, "media", "articles/editor-kept.w480.webp")).status).toBe(400);
    expect(await stored("media", "articles/editor-kept.w480.webp")).toBe(true);

    expect((await remove(editor, "media", "articles/editor-kept.png")).status).toBe(200);
    expect(await stored("media", "articles/editor-kept.png")).toBe(false);
    expect(await stored("media", "articles/editor-kept.w480.webp")).toBe(false);
  });

  it("a contributor deletes an image of their own, nothing of anyone else's and nothing outside the library", async () => {
    const { db, storage } = server.services;
    for (const { bucket, key } of otherBuckets()) {
      // Even a file recorded as theirs: the library's bucket decides, not the record.
      await recordUpload(db, storage.publicUrl(bucket, key), contributor.id);
      const answer = await remove(contributor.jar, bucket, key);
      expect([400, 403], `${bucket}/${key}`).toContain(answer.status);
      expect(await stored(bucket, key), `${bucket}/${key}`).toBe(true);
    }
    await storage.put("media", "articles/someone-else.png", Buffer.from("p"));
    expect((await remove(contributor.jar, "media", "articles/someone-else.png")).status).toBe(403);
    expect(await stored("media", "articles/someone-else.png")).toBe(true);

    await storage.put("media", "articles/own.png", Buffer.from("p"));
    await recordUpload(db, storage.publicUrl("media", "articles/own.png"), contributor.id);
    expect((await remove(contributor.jar, "media", "articles/own.png")).status).toBe(200);
    expect(await stored("media", "articles/own.png")).toBe(false);
  });

  it("the library lists no file of another bucket", async () => {
    const screen = await fetch(`${server.url}/admin/media?kind=storage`, { headers: { Cookie: editor.header() } });
    expect(screen.status).toBe(200);
    const html = await screen.text();
    for (const bucket of [resourceBucket, importBucket, schoolPackBucket]) expect(html).not.toContain(`/uploads/${bucket}/`);
  });
});

describe(`stored files on S3 (${testDatabaseKind})`, () => {
  let s3rver: S3rver;
  let server: TestServer;
  beforeAll(async () => {
    s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: temporaryFolder("educator-s3-") });
    const endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
    const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    await new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials }).send(new CreateBucketCommand({ Bucket: "educator-files" }));
    server = await startTestServer({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "educator-files",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      S3_PUBLIC_URL: "https://cdn.example.org/files",
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3rver?.close();
  });

  it("the app serves nothing of the bucket at /uploads; a pack is read from S3 at its unguessable address", async () => {
    const { storage } = server.services;
    expect(storage.root).toBeUndefined();
    for (const { bucket, key } of privateFiles) {
      await storage.put(bucket, key, Buffer.from(secretOf(bucket)));
      await expectNeverServed(server.url, bucket, key);
    }
    const file = path.join(temporaryFolder(), "pack.zip");
    fs.writeFileSync(file, "zip bytes on S3");
    const pack = await storeSchoolPack(storage, { ...standInPackContents, format: "static", file, bytes: 15, articleCount: 1, madeAt: new Date() });
    expect(pack.url).toBe(`/school-packs/${pack.key}`);
    const download = await fetch(server.url + pack.url!);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("zip bytes on S3");
    expect((await fetch(`${server.url}/school-packs/${pack.key}.json`)).status).toBe(404);
  });
});
