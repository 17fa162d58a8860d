import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "#app/server/auth/auth.server";
import { maxImageBytes } from "#app/lib/image-upload-messages";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let owner: CookieJar;
let reader: CookieJar;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
  [owner, reader] = await Promise.all([
    signInOverHttp(server.url, "owner@example.com", "owner-secret"),
    signInOverHttp(server.url, "reader@example.com", "reader-secret"),
  ]);
});
afterAll(() => server.close());

const unsupported = { error: { title: "Unsupported file", description: "Please upload JPG, PNG, WEBP, or GIF images." } };
const tooLarge = { error: { title: "File too large", description: "Maximum size is 8MB." } };

function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } });
}

function uploadForm(bytes: Uint8Array, name: string, type: string, folder?: string) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name, { type }));
  if (folder) form.set("folder", folder);
  return form;
}

function upload(body: BodyInit, jar: CookieJar | null, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/admin/uploads`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Accept: "application/json", ...(jar ? { Cookie: jar.header() } : {}), ...headers },
    body,
  });
}

async function storedNames() {
  return (await server.services.storage.list("media", { limit: 1000 })).map((file) => file.name);
}

describe(`image uploads (${testDatabaseKind})`, () => {
  it("stores a real PNG under articles/ with its WebP copies and answers its URL", async () => {
    const png = await picture(1600, 900).png().toBuffer();
    const response = await upload(uploadForm(png, "photo.png", "image/png"), owner);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/media\/articles\/\d{13}_[0-9a-f]{16}\.png$/);

    const original = await fetch(server.url + url);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/png");
    // Stored re-encoded (without metadata), the same pixels.
    const stored = Buffer.from(await original.arrayBuffer());
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true);
    for (const width of [480, 960, 1440]) {
      const variant = await fetch(server.url + url.replace(/\.png$/, `.w${width}.webp`));
      expect(variant.status, `w${width}`).toBe(200);
      const metadata = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(width);
    }
  });

  it("decides the type from the bytes: a JPEG named .gif is stored as .jpg; team photos go under team/", async () => {
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    const response = await upload(uploadForm(jpeg, "photo.gif", "image/gif", "team"), owner);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/media\/team\/\d{13}_[0-9a-f]{16}\.jpg$/);
    // Never wider than the original.
    const copy = await fetch(server.url + url.replace(/\.jpg$/, ".w480.webp"));
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(300);
  });

  it("never reuses a name: two uploads of the same file get two URLs", async () => {
    const png = await picture(100, 100).png().toBuffer();
    const answers = await Promise.all(
      [1, 2].map(async () => (await (await upload(uploadForm(png, "same.png", "image/png"), owner)).json()) as { url: string }),
    );
    expect(answers[0]!.url).not.toBe(answers[1]!.url);
  });

  it("refuses a text file named .png, and an SVG, with the Unsupported texts, storing nothing", async () => {
    const before = await storedNames();
    const text = await upload(uploadForm(Buffer.from("just some text, not an image\n".repeat(20)), "notes.png", "image/png"), owner);
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual(unsupported);
    const svg = await upload(
      uploadForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "x.svg", "image/svg+xml"),
      owner,
    );
    expect(svg.status).toBe(400);
    expect(await svg.json()).toEqual(unsupported);
    // PNG magic bytes followed by garbage is not an image either.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("IHDR garbage".repeat(10))]);
    const broken = await upload(uploadForm(fake, "broken.png", "image/png"), owner);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual(unsupported);
    const noFile = await upload(new URLSearchParams({ folder: "articles" }), owner);
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual(unsupported);
    expect(await storedNames()).toEqual(before);
  });

  it("refuses an image of more than 40 megapixels before decoding it, with the Upload failed texts", async () => {
    const before = await storedNames();
    // A PNG header announcing 20,000 × 20,000 pixels (1.6 GB decoded), in a few dozen bytes.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, "ascii"), data])));
      return Buffer.concat([length, Buffer.from(type, "ascii"), data, crc]);
    };
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", zlib.deflateSync(Buffer.alloc(100))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const response = await upload(uploadForm(bomb, "bomb.png", "image/png"), owner);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { title: "Upload failed", description: "Could not upload image. Please try again." } });
    expect(await storedNames()).toEqual(before);
  });

  it("stores a photo upright and without its EXIF or GPS data", async () => {
    const photo = await picture(300, 200)
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "15/1 25/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(uploadForm(photo, "classroom.jpg", "image/jpeg"), owner);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const stored = Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneMaker"))).toBe(false);
    // Orientation 6 (turned 90°) is applied to the pixels: 300 × 200 is stored as 200 × 300.
    expect([metadata.width, metadata.height]).toEqual([200, 300]);
  });

  it("refuses a 9 MB image with the File too large texts: by Content-Length, by the real body size, and by the file size", async () => {
    const before = await storedNames();
    // A real, uncompressed PNG of about 9.6 MB.
    const big = await sharp({
      create: { width: 2000, height: 1600, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(9 * 1024 * 1024);

    const announced = await upload(uploadForm(big, "big.png", "image/png"), owner);
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual(tooLarge);

    // No Content-Length: the body is streamed in chunks and counted as it arrives.
    const encoded = new Response(uploadForm(big, "big.png", "image/png"));
    const chunked = await fetch(`${server.url}/admin/uploads`, {
      method: "POST",
      headers: { Origin: server.url, Accept: "application/json", Cookie: owner.header(), "Content-Type": encoded.headers.get("Content-Type")! },
      body: encoded.body,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toEqual(tooLarge);

    // One byte over 8 MB: the body fits the multipart allowance, the file itself does not.
    const png = await picture(50, 50).png().toBuffer();
    const justOver = Buffer.concat([png, Buffer.alloc(maxImageBytes + 1 - png.length)]);
    const overByOne = await upload(uploadForm(justOver, "padded.png", "image/png"), owner);
    expect(overByOne.status).toBe(413);
    expect(await overByOne.json()).toEqual(tooLarge);

    expect(await storedNames()).toEqual(before);
    // The server still answers normally afterwards.
    const small = await upload(uploadForm(png, "small.png", "image/png"), owner);
    expect(small.status).toBe(200);
  });

  it("refuses anonymous callers and non-admins, storing nothing", async () => {
    const before = await storedNames();
    const png = await picture(64, 64).png().toBuffer();
    const anonymousJson = await upload(uploadForm(png, "a.png", "image/png"), null);
    expect(anonymousJson.status).toBe(401);
    const anonymousPage = await upload(uploadForm(png, "a.png", "image/png"), null, { Accept: "text/html" });
    expect(anonymousPage.status).toBe(302);
    expect(anonymousPage.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const anonymousData = await fetch(`${server.url}/admin/uploads.data`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url },
      body: uploadForm(png, "a.png", "image/png"),
    });
    expect(anonymousData.status).not.toBe(200);
    const user = await upload(uploadForm(png, "a.png", "image/png"), reader);
    expect(user.status).toBe(403);
    const userData = await fetch(`${server.url}/admin/uploads.data`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: reader.header() },
      body: uploadForm(png, "a.png", "image/png"),
    });
    expect(userData.status).toBe(403);
    expect(await storedNames()).toEqual(before);
  });
});
