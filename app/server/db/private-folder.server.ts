import fs from "node:fs";

/** Files only the server's own account reads: the database, uploads before publishing, backups with every password hash. */
export const privateFileMode = 0o600;

/**
 * Creates the folder (and missing parents) as 0700. A folder that exists loses only what other
 * accounts may do: a group the operator granted (a backup user) keeps its access.
 */
export function makePrivateFolder(folder: string) {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const { mode } = fs.statSync(folder);
  if (mode & 0o007) fs.chmodSync(folder, mode & 0o770);
}
