import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

describe("createLogger", () => {
  it("writes no password, token or cookie, at the top or one level down", () => {
    const lines: string[] = [];
    const log = createLogger("info", { write: (line: string) => void lines.push(line) });
    log.info({ email: "a@example.com", password: "hunter22", headers: { cookie: "educator_session=abc" }, link: { token: "t0ken" } }, "signed in");
    const written = lines.join("");
    expect(written).toContain("a@example.com");
    for (const secret of ["hunter22", "educator_session=abc", "t0ken"]) expect(written).not.toContain(secret);
    expect(written).toContain("[redacted]");
  });
});
