import { isIPv4, isIPv6 } from "node:net";

/**
 * What a per-address limit counts a client as: an IPv4 address as itself (also when written as
 * IPv4-mapped IPv6, `::ffff:192.0.2.1`), an IPv6 address as its /64 (`2001:db8:0:1::/64`), since
 * one home or phone is given a whole /64 and can change the rest at will. Brackets and a zone id
 * (`fe80::1%eth0`) are ignored; anything that is no address is "unknown".
 */
export function addressKey(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(bare)) return bare;
  const withoutZone = bare.replace(/%.*$/, "");
  if (!isIPv6(withoutZone)) return "unknown";
  const groups = ipv6Groups(withoutZone.toLowerCase());
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail written out. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  const hex = dotted ? address.slice(0, -dotted.length) + ipv4AsGroups(dotted) : address;
  const [head = "", tail] = hex.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

function ipv4AsGroups(dotted: string): string {
  const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}
