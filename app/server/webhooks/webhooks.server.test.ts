import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { retryDelayMs, signWebhook } from "./webhook-sender.server";
import { webhookInputSchema } from "./webhooks.server";

const valid = { name: "School website", url: "https://school.example.org/hooks/educator?site=1", events: ["article.published"] };
const refusal = (input: object, allowPrivate = false) => {
  const parsed = webhookInputSchema(allowPrivate).safeParse({ ...valid, ...input });
  return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("a webhook's address, name and events", () => {
  it("takes a public http(s) address, a name and at least one known event, each once", () => {
    expect(webhookInputSchema(false).parse({ ...valid, name: "  Padded  ", events: ["article.published", "article.published", "comment.approved"] })).toEqual({
      ...valid,
      name: "Padded",
      events: ["article.published", "comment.approved"],
    });
  });

  it("refuses other schemes, credentials, fragments, over-long addresses, and unknown or no events", () => {
    expect(refusal({ url: "ftp://example.org/x" })).toEqual(["url: The address must start with https:// or http://"]);
    expect(refusal({ url: "https://user:secret@example.org/x" })).toEqual(["url: The address may not hold a user name or password."]);
    expect(refusal({ url: "https://example.org/x#part" })).toEqual(["url: The address may not hold a fragment (#…)."]);
    expect(refusal({ url: "not an address" })).toEqual(["url: Enter a full web address, starting with https://"]);
    expect(refusal({ url: `https://example.org/${"a".repeat(2000)}` })).toEqual(["url: At most 2000 characters."]);
    expect(refusal({ events: [] })).toEqual(["events: Choose at least one event."]);
    expect(refusal({ events: ["article.viewed"] })).toEqual(["events.0: Choose events from the list."]);
    expect(refusal({ name: " " })).toEqual(["name: Give the webhook a name."]);
  });

  it("refuses this machine and private networks unless OUTBOUND_ALLOW_PRIVATE", () => {
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://localhost/x",
      "http://[::1]/x",
      "http://10.1.2.3/x",
      "http://192.168.0.10/x",
      "http://2130706433/x",
    ]) {
      expect(refusal({ url })).toEqual(["url: This address is on this machine or a private network: webhooks go to public addresses only."]);
      expect(refusal({ url }, true)).toBeNull();
    }
  });
});

describe("signatures and retries", () => {
  it("signs the timestamp, a dot and the body with HMAC-SHA256 under the secret", () => {
    const expected = crypto.createHmac("sha256", "whsec_test").update('1700000000.{"id":"x"}').digest("hex");
    expect(signWebhook("whsec_test", "1700000000", '{"id":"x"}')).toBe(`sha256=${expected}`);
    expect(signWebhook("whsec_other", "1700000000", '{"id":"x"}')).not.toBe(`sha256=${expected}`);
  });

  it("waits twice as long after each attempt, give or take a fifth, at most the cap", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30, 3600, () => 0.5))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30, 30, 3600, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, 30, 3600, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, 30, 3600, () => 1)).toBe(36_000);
  });
});
