import { z } from "zod";

/** A list screen's search box: trimmed, at most 200 characters, "" when absent. */
export const listSearchText = z
  .string()
  .nullish()
  .transform((value) => value?.trim().slice(0, 200) ?? "");
