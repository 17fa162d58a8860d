// fs-native-extensions ships no types; this is the part the data-folder lock uses.
declare module "fs-native-extensions" {
  /** An exclusive (or, with `shared`, shared) lock on the open file `fd`; false when another holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  const fsx: { tryLock: typeof tryLock };
  export default fsx;
}
