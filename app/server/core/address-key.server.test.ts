import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key.server";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, however it is written", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("0:0:0:0:0:ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("[::ffff:203.0.113.7]")).toBe("203.0.113.7");
  });

  it("counts every IPv6 address of one /64 as the same client", () => {
    const sameNetwork = [
      "2001:db8:0:1::1",
      "2001:db8:0:1:ffff:ffff:ffff:ffff",
      "2001:0db8:0000:0001:1234:5678:9abc:def0",
      "2001:DB8:0:1:a::",
      "[2001:db8:0:1::2]",
      "2001:db8:0:1::3%eth0",
      "2001:db8:0:1:0:0:1.2.3.4",
    ];
    for (const address of sameNetwork) expect(addressKey(address), address).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(addressKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps the loopback and link-local addresses in their own /64", () => {
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%25eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::")).toBe("0:0:0:0::/64");
  });

  it("answers one key for anything that is no address", () => {
    for (const junk of ["", "unknown", "not an address", "2001:db8:::1", "1.2.3.4.5", "[::1", "2001:db8:0:1::g", "::ffff:300.1.1.1"]) {
      expect(addressKey(junk), junk).toBe("unknown");
    }
  });
});
