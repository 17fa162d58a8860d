/**
 * The most common passwords, refused whenever one is chosen (sign-up, reset, change, the admin
 * CLI): zxcvbn-ts's list of about 49,000, gathered from leaked password sets, most used first.
 * Compared without case ("Password1" is "password1"). Loaded on first use and kept as a Set.
 */
let common: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return (await common).has(password.toLowerCase());
}
